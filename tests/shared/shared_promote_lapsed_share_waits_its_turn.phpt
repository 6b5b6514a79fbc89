--TEST--
RedisLock::lock() on a name whose shared hold of this object already lapsed acquires afresh like any other waiter: it does not queue as a promotion (score 0) ahead of a writer that was already waiting
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$a = new RedisLock(rl_dsn());
var_dump($a->lockShared($name, 0, 0.3));   // A's share lapses after 0.3 s

/* B: another reader, holds for 1.2 s. */
$b = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    if (!$lock->lockShared($name, 0, 10)) {
        return 10;
    }
    sem_tell($raw, $ready, 'reader');
    usleep(1200000);
    return $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);

/* W: a writer that queues now, well before A asks. */
$w = l4_fork(function () use ($name, $order) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    if (!$lock->lock($name, l4_bound(6), 10)) {
        return 10;
    }
    sem_tell($raw, $order, 'W');
    usleep(300000);
    return $lock->unlock($name) ? 0 : 11;
});
var_dump(ho_until_queued($raw, $name, 1));
usleep(400000);                               // A's share has lapsed
echo 'the share of A has lapsed: ', sem_yes(!in_array('shared:', sh_tokens($raw, $name), true) && count(array_filter(sem_zset($raw, l4_key($name)), fn ($s) => $s > ho_redis_ms($raw))) === 1), "\n";
/* A still remembers its (lapsed) shared token, and asks for the lock exclusively. */
$got = $a->lock($name, l4_bound(6), 10);
sem_tell($raw, $order, 'A');
$a->unlock($name);
echo 'A got it: ', json_encode($got), "\n";
echo implode(',', l4_wait([$b, $w], l4_bound(10))), "\n";
echo 'order (W queued first): ', implode(',', array_column(sem_reports($raw, $order), 0)), "\n";
$raw->call('DEL', $order, $ready);
?>
--EXPECT--
bool(true)
string(6) "reader"
bool(true)
the share of A has lapsed: yes
A got it: true
0,0
order (W queued first): W,A
