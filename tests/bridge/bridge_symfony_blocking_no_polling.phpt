--TEST--
Symfony bridge: acquire(true) on RedisLockStore waits on the server, not by Symfony's retry loop
--DESCRIPTION--
Symfony bridge: LockFactory::createLock()->acquire(true) on RedisLockStore waits
on the server (BLPOP), not by symfony's 100 ms retry loop: blocked 2 s behind
another Lock, it sends a handful of commands (a BLPOP for each 2 s round of its
wait) and gets the lock after the release, long before the holder's ttl
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
foreach (['/usr/share/php/Symfony/Component/Lock/autoload.php', __DIR__ . '/../../bridge/autoload.php'] as $file) {
    if (!is_file($file)) {
        exit("$file is missing: install php-symfony-lock (Debian)\n");
    }
    require_once $file;
}

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\BlockingStoreInterface;
use Symfony\Component\Lock\LockFactory;

$name = rl_name();
$factory = new LockFactory(new RedisLockStore(new RedisLock(rl_dsn())));
var_dump((new RedisLockStore(new RedisLock(rl_dsn()))) instanceof BlockingStoreInterface);
$holder = $factory->createLock($name, 30);
var_dump($holder->acquire());
/* A short wait first, so that the server knows the scripts of waiting: the one-time
 * EVAL fallback for an unknown script is not what is counted. */
var_dump((new RedisLock(rl_dsn()))->lock($name, 0.05));

$monitor = rl_monitor();
$raw = new RawRedis();
$raw->call('DEL', "$name:result");
$pid = l4_fork(function () use ($name) {
    $lock = (new LockFactory(new RedisLockStore(new RedisLock(rl_dsn()))))->createLock($name, 30);
    $start = microtime(true);
    $got = $lock->acquire(true);
    $at = microtime(true);
    (new RawRedis())->call('SET', "$name:result", sprintf('%d %.6f %.6f', $got, $start, $at));
    /* Held: the parent checks it, then the child lets it go. */
    l4_until(fn () => (new RawRedis())->call('GET', "$name:done") === '1', 60.0);
    $lock->release();
    return 0;
});
/* Once the child waits, as the server sees it, 2 s of its waiting are watched. */
$observer = new RedisLock(rl_dsn());
l4_until(fn () => ($observer->inspect($name)['waiters'] ?? 0) === 1, 30.0);
usleep(2000000);
$releasedAt = microtime(true);
$holder->release();
var_dump(l4_until(fn () => $raw->call('GET', "$name:result") !== null, 30.0));
[$got, $start, $at] = explode(' ', $raw->call('GET', "$name:result"));
$seen = rl_monitor_read($monitor, only: $name);   // the lines of the connections that name it
fclose($monitor);
echo 'the waiter got the lock: ', $got === '1' ? 'yes' : 'no', "\n";
echo 'it waited at least 2 s: ', $releasedAt - (float) $start > 1.9 ? 'yes' : 'no', "\n";
/* Woken by the release: after it, and long before the holder's 30 s lapsed (how
 * soon is a benchmark's figure). */
$lag = (float) $at - $releasedAt;
echo 'after the release, long before the holder would have lapsed: ', $lag > 0 && $lag < 20 ? 'yes' : sprintf('no (%.3f s)', $lag), "\n";
var_dump($holder->isAcquired());

/* The waiter's connection is the one that blocked in BLPOP. */
$waiters = array_filter(sem_like_commands($seen, $name), fn ($commands) => in_array('BLPOP', $commands, true));
echo 'connections that blocked: ', count($waiters), "\n";
$commands = $waiters ? reset($waiters) : [];
/* Its acquisition (a try, a BLPOP for each round of at most 2 s its wait took, one
 * more for a wake-up that crosses a round, and a confirmation), and
 * Lock::acquire()'s refresh: symfony's own retry loop would have sent about 10
 * saves a second. The rounds are counted from the wait's own length, which a
 * loaded host may stretch past the 2 s watched. */
$rounds = (int) ceil(((float) $at - (float) $start) / 2.0) + 1;
echo 'at most 4 commands and a BLPOP a round: ', count($commands) <= 4 + $rounds ? 'yes' : "no ($rounds rounds): " . implode(' ', $commands), "\n";
echo 'at most a BLPOP a round: ', count(array_keys($commands, 'BLPOP')) <= $rounds ? 'yes' : "no ($rounds rounds): " . implode(' ', $commands), "\n";

$raw->call('SET', "$name:done", '1');
echo implode(',', l4_wait([$pid], 60)), "\n";
$raw->call('DEL', "$name:result", "$name:done");
var_dump((new RedisLock(rl_dsn()))->isLocked($name));

/** Commands by client (leaving out those run inside scripts), of the clients that named $needle. */
function sem_like_commands(string $seen, string $needle): array
{
    $by_client = [];
    $ours = [];
    foreach (explode("\n", trim($seen)) as $line) {
        if (preg_match('/^\+[0-9.]+ \[\d+ ([^\]]+)\] "([^"]*)"/', $line, $m) && $m[1] !== 'lua') {
            $by_client[$m[1]][] = strtoupper($m[2]);
            if (str_contains($line, "Lock:$needle") || str_contains($line, "\"$needle\"")) {
                $ours[$m[1]] = true;
            }
        }
    }
    return array_intersect_key($by_client, $ours);
}
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(true)
the waiter got the lock: yes
it waited at least 2 s: yes
after the release, long before the holder would have lapsed: yes
bool(false)
connections that blocked: 1
at most 4 commands and a BLPOP a round: yes
at most a BLPOP a round: yes
0
bool(false)
