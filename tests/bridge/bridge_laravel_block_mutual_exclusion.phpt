--TEST--
Laravel bridge: 8 processes taking one lock with Lock::block(), 15 times each, are never inside together, and no increment made under the lock is lost
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
use RedisLock\Bridge\Laravel\LockProvider;

$name = rl_name();
$inside = rl_name(':inside');
$counter = rl_name(':counter');
$overlaps = rl_name(':overlaps');
const PROCESSES = 8;
const ROUNDS = 15;

$pids = [];
for ($p = 0; $p < PROCESSES; $p++) {
    $pids[] = l4_fork(function () use ($name, $inside, $counter, $overlaps) {
        $raw = new RawRedis();
        $locks = new LockProvider(new RedisLock(rl_dsn()));
        for ($i = 0; $i < ROUNDS; $i++) {
            $locks->lock($name, 10)->block(l4_bound(30), function () use ($raw, $inside, $counter, $overlaps) {
                if ($raw->call('INCR', $inside) !== 1) {
                    $raw->call('INCR', $overlaps);
                }
                /* A read-modify-write that loses updates unless it is alone. */
                $value = (int) $raw->call('GET', $counter);
                usleep(random_int(0, 2000));
                $raw->call('SET', $counter, (string) ($value + 1));
                $raw->call('DECR', $inside);
            });
        }
        return 0;
    });
}
$codes = l4_wait($pids, l4_bound(60));
var_dump(array_sum($codes) === 0 ? 'every process finished' : $codes);
$raw = new RawRedis();
var_dump((int) $raw->call('GET', $counter) === PROCESSES * ROUNDS);
var_dump((int) $raw->call('GET', $overlaps));
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $inside, $counter, $overlaps);
?>
--EXPECT--
string(22) "every process finished"
bool(true)
int(0)
int(0)
