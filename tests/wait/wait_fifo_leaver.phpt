--TEST--
RedisLock::lock(): a waiter that gives up leaves the queue: it returns false after its timeout, and the waiters behind it keep their order and get the lock without delay
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

/* Three waiters in line; the middle one waits 0.3 s only. */
$pids = [];
foreach ([0 => 10, 1 => 0.3, 2 => 10] as $i => $timeout) {
    $pids[] = l4_fork(function () use ($name, $order, $ready, $i, $timeout) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        $raw->call('RPUSH', $ready, (string) $i);
        $start = microtime(true);
        if (!$lock->lock($name, $timeout, 15)) {
            $elapsed = microtime(true) - $start;
            $raw->call('RPUSH', $order, "$i gave up");
            /* Its own 0.3 s, not the holder's 30 s. */
            return $elapsed > 0.25 && $elapsed < l4_bound(5) ? 0 : 10;
        }
        $raw->call('RPUSH', $order, (string) $i);
        $raw->call('SET', "$name:acquired:$i", sprintf('%.6f', microtime(true)));
        usleep(20000);
        $raw->call('SET', "$name:released:$i", sprintf('%.6f', microtime(true)));
        return $lock->unlock($name) ? 0 : 11;
    });
    /* The next one starts once this one is in the queue (or, the middle one, has
     * been in it and given up already: its 0.3 s may pass first on a loaded host). */
    $raw->call('BLPOP', $ready, '5');
    $queued = l4_until(fn () => ho_queued($raw, $name) + count(array_filter((array) $raw->call('LRANGE', $order, '0', '-1'),
        fn ($e) => str_ends_with($e, 'gave up'))) >= $i + 1, 30) && ($queued ?? true);
}
var_dump($queued);
/* The middle one gives up while the holder still holds. */
var_dump(l4_until(fn () => in_array('1 gave up', (array) $raw->call('LRANGE', $order, '0', '-1'), true), 30));
var_dump($holder->unlock($name));
echo implode(',', l4_wait($pids, l4_bound(10))), "\n";
echo implode(',', $raw->call('LRANGE', $order, '0', '-1')), "\n";
/* The last one got the lock straight from the first, not after a waiting round. */
$delay = ((float) $raw->call('GET', "$name:acquired:2") - (float) $raw->call('GET', "$name:released:0")) * 1000;
var_dump($delay < l4_bound(1500) ? 'within 1.5 s' : sprintf('after %.1f ms', $delay));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
0,0,0
1 gave up,0,2
string(12) "within 1.5 s"
