--TEST--
RedisSemaphore::count(): the permits held now, summed over acquisitions (1 + 2 = 3), from any object; releases and expired acquisitions are not counted; 0 for a semaphore never used
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$sem = sem_new();
$observer = sem_new();
var_dump($observer->count($name));
$a = $sem->acquire($name, 5, 0, 10);
var_dump($observer->count($name));
$b = $sem->acquire($name, 5, 0, 10, 2);
var_dump($observer->count($name));
/* 0.6 s: long enough not to lapse before the checks that it holds (a loaded machine may take its time between calls). */
$c = $sem->acquire($name, 5, 0, 0.6, 2);
var_dump($observer->count($name));
usleep(750000);
var_dump($observer->count($name));
var_dump($sem->release($name, $a));
var_dump($observer->count($name));
var_dump($sem->release($name, $b));
var_dump($observer->count($name), $sem->release($name, $c));
var_dump($observer->count("$name:never"));
?>
--EXPECT--
int(0)
int(1)
int(3)
int(5)
int(3)
bool(true)
int(2)
bool(true)
int(0)
bool(false)
int(0)
