--TEST--
RedisSemaphore::extend(): gives held permits a new lifetime (true; the deadline moves, they outlive the first one), false for a released, expired or unknown token
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sem = sem_new();
/* 1 s: long enough not to lapse before the extend() (a loaded machine may take its
 * time between the two). */
$t = $sem->acquire($name, 3, 0, 1, 2);
$now = ho_redis_ms($raw);
var_dump($sem->extend($name, $t, 10));
$then = ho_redis_ms($raw);
$score = (int) $raw->call('ZSCORE', sem_key($name), $t);
/* 10 s from the extend(), which the server ran between the two readings of its clock. */
echo 'deadline about 10 s ahead: ', sem_yes($score >= $now + 10000 && $score <= $then + 10000, [$score - $now, $then - $now]), "\n";
usleep(1150000);
var_dump($sem->count($name));
var_dump($sem->extend($name, $t, 0.2));
usleep(350000);
var_dump($sem->count($name), $sem->extend($name, $t, 10), $sem->release($name, $t));
$u = $sem->acquire($name, 3);
var_dump($sem->release($name, $u), $sem->extend($name, $u, 10));
var_dump($sem->extend($name, '1:' . str_repeat('a', 32), 10));
var_dump($sem->count($name));
?>
--EXPECT--
bool(true)
deadline about 10 s ahead: yes
int(2)
bool(true)
int(0)
bool(false)
bool(false)
bool(true)
bool(false)
bool(false)
int(0)
