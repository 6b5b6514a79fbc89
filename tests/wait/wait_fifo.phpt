--TEST--
RedisLock::lock(): waiters get the lock in the order they started waiting (4 processes, each arriving once the one before is queued)
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

$pids = [];
for ($i = 0; $i < 4; $i++) {
    $pids[] = l4_fork(function () use ($name, $order, $ready, $i) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name); // connected
        $raw->call('RPUSH', $ready, (string) $i);
        if (!$lock->lock($name, 10, 15)) {
            return 10;
        }
        $raw->call('RPUSH', $order, (string) $i);
        usleep(20000);
        return $lock->unlock($name) ? 0 : 11;
    });
    /* The next one starts once this one is in the queue (not after a pause assumed long enough). */
    $raw->call('BLPOP', $ready, '5');
    $queued = ho_until_queued($raw, $name, $i + 1, 30) && ($queued ?? true);
}
var_dump($queued);
var_dump($raw->call('LLEN', $order));
var_dump($holder->unlock($name));
echo implode(',', l4_wait($pids, l4_bound(10))), "\n";
echo implode(',', $raw->call('LRANGE', $order, '0', '-1')), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
bool(true)
int(0)
bool(true)
0,0,0,0
0,1,2,3
int(0)
