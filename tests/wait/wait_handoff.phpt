--TEST--
RedisLock::lock(): a waiter blocked in another process gets the lock after each unlock(), never before it and never a waiting round (2 s) late, over 100 handoffs
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$events = "$name:events";
$rounds = l4_valgrind() ? 10 : 50;

/* Two processes take turns: each holds the lock for 50 ms, long enough for the
 * other to be blocked waiting, and records when it called unlock() and when its
 * lock() returned, keyed by fencing number. */
$hold = l4_valgrind() ? 300000 : 50000;
$pids = [];
for ($p = 0; $p < 2; $p++) {
    $pids[] = l4_fork(function () use ($name, $events, $rounds, $hold) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        for ($i = 0; $i < $rounds; $i++) {
            if (!$lock->lock($name, 5, 15)) {
                return 10;
            }
            $acquired = microtime(true);
            $fence = $lock->fencingToken($name);
            usleep($hold);
            $released = microtime(true);
            if (!$lock->unlock($name)) {
                return 11;
            }
            $raw->call('RPUSH', $events, sprintf('%d %.6f %.6f %d', $fence, $acquired, $released, getmypid()));
        }
        return 0;
    });
}
$codes = l4_wait($pids, l4_bound(20));
echo implode(',', $codes), "\n";

$rows = [];
foreach ($raw->call('LRANGE', $events, '0', '-1') as $line) {
    [$fence, $acquired, $released, $pid] = explode(' ', $line);
    $rows[(int) $fence] = [(float) $acquired, (float) $released, (int) $pid];
}
ksort($rows);
$rows = array_values($rows);
var_dump(count($rows) === 2 * $rounds);
/* A handoff: the lock passing from one process to the other, which was waiting
 * (FIFO: nearly every turn, unless a process was too slow to queue up again). */
$handoffs = [];
for ($i = 1; $i < count($rows); $i++) {
    if ($rows[$i][2] !== $rows[$i - 1][2]) {
        $handoffs[] = ($rows[$i][0] - $rows[$i - 1][1]) * 1000;
    }
}
var_dump(count($handoffs) >= $rounds);
var_dump(min($handoffs) >= 0 ? 'each handoff after the unlock' : 'overlap: ' . min($handoffs) . ' ms');
/* A lost wake-up would cost a whole waiting round (2 s); how soon a woken waiter
 * runs on a loaded machine is the machine's (the handoff's latency is a benchmark
 * figure). */
var_dump(max($handoffs) < l4_bound(1500) ? 'none near a waiting round' : sprintf('max %.1f ms', max($handoffs)));
$raw->call('DEL', $events);
?>
--EXPECT--
0,0
bool(true)
bool(true)
string(29) "each handoff after the unlock"
string(25) "none near a waiting round"
