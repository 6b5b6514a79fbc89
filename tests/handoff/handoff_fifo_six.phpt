--TEST--
RedisLock::lock(): waiters get the lock in the order they queued, and the key never disappears between two holders
--DESCRIPTION--
RedisLock::lock(): 6 waiters, each seen in the queue before the next starts, get
the lock in exactly that order through a chain of handoffs (each holding 20 ms),
and the key never disappears between two holders
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

$pids = [];
$queued = true;
for ($i = 0; $i < 6; $i++) {
    $pids[] = l4_fork(function () use ($name, $order, $ready, $i) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name); // connected
        $raw->call('RPUSH', $ready, (string) $i);
        if (!$lock->lock($name, l4_bound(8), 15)) {
            return 10;
        }
        $raw->call('RPUSH', $order, (string) $i);
        usleep(20000);
        return $lock->unlock($name) ? 0 : 11;
    });
    /* The next one starts once this one is in the queue, and 50 ms later. */
    $raw->call('BLPOP', $ready, '5');
    $queued = ho_until_queued($raw, $name, $i + 1) && $queued;
    usleep(50000);
}
var_dump($queued);
var_dump(ho_queued($raw, $name));
var_dump($raw->call('LLEN', $order));

/* The chain starts; watch the key until the last holder has it. */
var_dump($holder->unlock($name));
$gaps = 0;
$deadline = microtime(true) + l4_bound(8);
while (microtime(true) < $deadline) {
    $exists = $raw->call('EXISTS', $key);
    if ($raw->call('LLEN', $order) >= 6) {
        break;
    }
    if ($exists === 0) {
        $gaps++;
    }
}
var_dump($gaps);
echo implode(',', l4_wait($pids, l4_bound(10))), "\n";
echo implode(',', $raw->call('LRANGE', $order, '0', '-1')), "\n";
var_dump($raw->call('EXISTS', $key));
var_dump(ho_queued($raw, $name));
$raw->call('DEL', $order, $ready);
?>
--EXPECT--
bool(true)
bool(true)
int(6)
int(0)
bool(true)
int(0)
0,0,0,0,0,0
0,1,2,3,4,5
int(0)
int(0)
