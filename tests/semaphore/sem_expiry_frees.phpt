--TEST--
RedisSemaphore: an acquisition expires on its own after its $expire: count() drops and the freed permits can be taken again at once, while a longer-lived acquisition keeps its own
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$sem = sem_new();
$other = sem_new();
/* 0.6 s: long enough not to lapse before the checks that it holds (a loaded machine may take its time between calls). */
$short = $sem->acquire($name, 3, 0, 0.6, 2);
$long = $sem->acquire($name, 3, 0, 30);
var_dump($sem->count($name), $other->acquire($name, 3));
usleep(750000);
var_dump($sem->count($name));
$again = $other->acquire($name, 3, 0, 10, 2);
var_dump(is_string($again), $sem->count($name));
var_dump($sem->release($name, $short), $sem->release($name, $long), $other->release($name, $again));
?>
--EXPECT--
int(3)
bool(false)
int(1)
bool(true)
int(3)
bool(false)
bool(true)
bool(true)
