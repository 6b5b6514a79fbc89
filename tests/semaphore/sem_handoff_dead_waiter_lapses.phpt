--TEST--
RedisSemaphore: permits handed to a waiter killed just before the release (its alive mark not yet lapsed) come back when the lifetime it asked for ends, as a killed holder's do
--DESCRIPTION--
Limit 2, both held. A waiter for 2 permits with a lifetime of 1.5 s is killed
while it blocks; at once, the holders release. The permits are handed to it
(its alive mark still lives): one acquisition of 2, deadline 1.5 s from the
hand-over, nothing left in the queue. Nobody else gets a permit meanwhile; a
waiter that queues then gets both once that lifetime has ended, with nothing
of the dead waiter left behind.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = sem_key($name);
$P = '{' . $key . '}:w:';
$sem = sem_new();
$t1 = $sem->acquire($name, 2, 0, 30);
$t2 = $sem->acquire($name, 2, 0, 30);
$dead = l4_fork(function () use ($name) {
    $s = sem_new();
    $s->acquire($name, 2, l4_bound(30), 1.5, 2);
    return 12;
});
var_dump(sem_until_queued($raw, $name, 1, 10));
$hex = $raw->call('ZRANGE', sem_queue_key($name), '0', '0')[0] ?? '';
l4_signal($dead, 'KILL');
echo implode(',', l4_wait([$dead], l4_bound(10))), "\n";
$t0 = ho_redis_ms($raw);
$sem->release($name, $t1);
$sem->release($name, $t2);
$t1ms = ho_redis_ms($raw);
$z = sem_zset($raw, $key);
$deadline = $z["2:$hex"] ?? PHP_INT_MAX;
echo 'handed to the dead waiter: ', sem_yes(array_keys($z) === ["2:$hex"] && $z["2:$hex"] >= $t0 + 1500 && $z["2:$hex"] <= $t1ms + 1500, [$z, $t0]), "\n";
echo 'held: ', $sem->count($name), ', queued: ', sem_queued($raw, $name), ', its marks: ', $raw->call('EXISTS', $P . 'a:' . $hex, $P . 'l:' . $hex), "\n";
echo 'another caller refused meanwhile: ', var_export($sem->acquire($name, 2), true), "\n";
$t = $sem->acquire($name, 2, l4_bound(10), 30, 2);
$after = ho_redis_ms($raw);
echo 'a waiter then gets both: ', sem_yes(is_string($t) && sem_permits($t) === 2, $t), "\n";
echo 'not before the lifetime ended: ', sem_yes($after >= $deadline, [$after, $deadline]), "\n";
$z = sem_zset($raw, $key);
echo 'only its acquisition is left: ', sem_yes(array_keys($z) === [$t], $z), ', held ', $sem->count($name), "\n";
var_dump($sem->release($name, $t));
echo 'keys left: ', $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name), $P . 'a:' . $hex, $P . 'l:' . $hex), "\n";
?>
--EXPECT--
bool(true)
-1
handed to the dead waiter: yes
held: 2, queued: 0, its marks: 0
another caller refused meanwhile: false
a waiter then gets both: yes
not before the lifetime ended: yes
only its acquisition is left: yes, held 2
bool(true)
keys left: 0
