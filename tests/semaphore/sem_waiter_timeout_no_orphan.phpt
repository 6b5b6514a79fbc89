--TEST--
RedisSemaphore::acquire(): a waiter whose $timeout runs out returns false and leaves nothing queued; it does not block the next caller once permits are free (timeout 0 succeeds at once)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = sem_new();
$waiter = sem_new();
$t = $holder->acquire($name, 2, 0, 30, 2);
/* The bound is against waiting for the holder's 30 s: half of it. */
[$e, $got, $took] = sem_timed(fn () => $waiter->acquire($name, 2, 0.3, 15, 1));
echo 'waiter: ', sem_exc($e), ', ', json_encode($got), ', after its timeout: ', sem_yes($took >= 0.29 && $took < l4_bound(15), $took), "\n";
var_dump(sem_queued($raw, $name));
var_dump($holder->release($name, $t));
$u = $waiter->acquire($name, 2, 0, 15, 2);
var_dump(is_string($u), $waiter->count($name), $waiter->release($name, $u));
?>
--EXPECT--
waiter: no exception, false, after its timeout: yes
int(0)
bool(true)
bool(true)
int(2)
bool(true)
