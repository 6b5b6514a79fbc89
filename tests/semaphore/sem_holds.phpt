--TEST--
RedisSemaphore::holds(): true exactly while the token's acquisition holds its permits, and changes nothing
--DESCRIPTION--
RedisSemaphore::holds(): true while the acquisition of the token holds its
permits, false after release, after its own lifetime and for an unknown token;
it changes nothing (count() is the same before and after)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$s = sem_new();
/* 0.6 s: long enough not to lapse before the checks that it holds (a loaded machine may take its time between calls). */
$a = $s->acquire($name, 3, 0, 0.6);
$b = $s->acquire($name, 3, 0, 10, 2);
var_dump($s->count($name), $s->holds($name, $a), $s->holds($name, $b), $s->count($name));
var_dump($s->holds($name, '1:' . str_repeat('f', 32)), $s->holds($name . 'x', $b));
usleep(700000);
var_dump($s->holds($name, $a), $s->holds($name, $b));
$s->release($name, $b);
var_dump($s->holds($name, $b), $s->count($name));
?>
--EXPECT--
int(3)
bool(true)
bool(true)
int(3)
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
int(0)
