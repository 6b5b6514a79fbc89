--TEST--
Laravel bridge: Lock::block() waits on the server, not by polling
--DESCRIPTION--
Laravel bridge: Lock::block() waits on the server, not by polling: blocked for 3
s behind a held lock it sends no more than 6 commands, throws
LockTimeoutException, and a release wakes a blocked caller at once
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
foreach (['Illuminate/Support', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        echo "$package is not installed: apt-get install php-illuminate-cache\n";
        exit(1);
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../../bridge/autoload.php';
use Illuminate\Contracts\Cache\LockTimeoutException;
use RedisLock\Bridge\Laravel\LockProvider;

$name = rl_name();
$holder = (new LockProvider(new RedisLock(rl_dsn())))->lock($name, 60);
var_dump($holder->get());
/* A short wait first, so that the server knows the scripts of waiting and giving
 * up: the one-time EVAL fallback for an unknown script is not what is counted. */
try {
    (new LockProvider(new RedisLock(rl_dsn())))->lock($name, 10)->block(0.05);
    echo "acquired?\n";
} catch (LockTimeoutException $e) {
    echo "LockTimeoutException\n";
}

$monitor = rl_monitor();
$pid = l4_fork(function () use ($name) {
    /* Laravel's own block() would try every 250 ms, here every 1 ms were it polling. */
    $lock = (new LockProvider(new RedisLock(rl_dsn())))->lock($name, 10)->betweenBlockedAttemptsSleepFor(1);
    $start = microtime(true);
    try {
        $lock->block(3);
        return 10;
    } catch (LockTimeoutException $e) {
        $elapsed = microtime(true) - $start;
        /* Not before its 3 s; 30 s tells a hang from a loaded host. */
        return $elapsed > 2.9 && $elapsed < 30 ? 0 : 11;
    }
});
var_dump(l4_wait([$pid], 60));
$seen = rl_monitor_read($monitor, only: $name);   // the lines of the connections that name it
fclose($monitor);

$by_client = [];
$ours = [];
foreach (explode("\n", trim($seen)) as $line) {
    if (preg_match('/^\+[0-9.]+ \[\d+ ([^\]]+)\] "([^"]*)"/', $line, $m) && $m[1] !== 'lua') {
        $by_client[$m[1]][] = strtoupper($m[2]);
        if (str_contains($line, $name)) {
            $ours[$m[1]] = true;
        }
    }
}
var_dump(count($ours));
$commands = $ours ? $by_client[array_key_first($ours)] : [];
var_dump(in_array('BLPOP', $commands, true));
var_dump(count($commands) <= 6 ? 'at most 6 commands' : count($commands) . ' commands: ' . implode(' ', $commands));

/* A blocked caller is woken by the release: block(30) returns once the holder
 * (60 s left) releases, runs its callback holding the lock, and releases it
 * afterwards. The release comes once the caller waits, as the server sees it. */
$pid = l4_fork(function () use ($name) {
    $lock = (new LockProvider(new RedisLock(rl_dsn())))->lock($name, 10);
    $start = microtime(true);
    $result = $lock->block(30, function () use ($lock) {
        return $lock->isOwnedByCurrentProcess() ? 'in' : 'not owner';
    });
    $elapsed = microtime(true) - $start;
    if ($result !== 'in') {
        return 20;
    }
    if ($elapsed > 20) {
        return 21;
    }
    return $lock->isOwnedByCurrentProcess() ? 22 : 0;
});
$observer = new RedisLock(rl_dsn());
l4_until(fn () => ($observer->inspect($name)['waiters'] ?? 0) === 1, 30.0);
var_dump($holder->release());
var_dump(l4_wait([$pid], 60));
var_dump((new RawRedis())->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
LockTimeoutException
array(1) {
  [0]=>
  int(0)
}
int(1)
bool(true)
string(18) "at most 6 commands"
bool(true)
array(1) {
  [0]=>
  int(0)
}
int(0)
