--TEST--
RedisLock::lock(): 8 processes taking one lock 100 times each with a 1 ms critical section all get through, mutually excluded, and none starves (every wait under 15 s, half of its 30 s timeout)
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$procs = 8;
$rounds = l4_valgrind() ? 10 : 100;

$pids = [];
for ($p = 0; $p < $procs; $p++) {
    $pids[] = l4_fork(function () use ($name, $rounds, $p) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $waits = [];
        for ($i = 0; $i < $rounds; $i++) {
            $start = microtime(true);
            if (!$lock->lock($name, 30, 15)) {
                return 10;
            }
            $waits[] = microtime(true) - $start;
            /* A read-modify-write that loses updates unless it is alone. */
            $n = (int) $raw->call('GET', "$name:counter");
            usleep(1000);
            $raw->call('SET', "$name:counter", (string) ($n + 1));
            if (!$lock->unlock($name)) {
                return 11;
            }
        }
        $raw->call('RPUSH', "$name:max", sprintf('%.6f', max($waits)));
        return 0;
    });
}
echo implode(',', l4_wait($pids, l4_bound(120))), "\n";
var_dump((int) $raw->call('GET', "$name:counter") === $procs * $rounds);
$max = array_map('floatval', $raw->call('LRANGE', "$name:max", '0', '-1'));
var_dump(count($max) === $procs);
/* None starves: FIFO gives each waiter 7 turns of the others; a starved one would
 * wait out its 30 s: the bound is half of that, far from both. */
var_dump(max($max) < l4_bound(15));
?>
--EXPECT--
0,0,0,0,0,0,0,0
bool(true)
bool(true)
bool(true)
