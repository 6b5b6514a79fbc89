--TEST--
RedisSemaphore::release(): true while the permits were held, then false; a wrong token releases nothing; releasing frees the permits for the next acquire(), also from another object
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sem = sem_new();
$other = sem_new();
$t = $sem->acquire($name, 2, 0, 30, 2);
var_dump(is_string($t));
var_dump($other->acquire($name, 2));
foreach (['2:' . str_repeat('0', 32), '1:' . substr($t, 2), substr($t, 2), 'x', $t . ' '] as $wrong) {
    var_dump($sem->release($name, $wrong));
}
var_dump($sem->count($name));
/* Released by another object than the one that acquired. */
var_dump($other->release($name, $t));
var_dump($other->release($name, $t), $sem->release($name, $t));
var_dump($sem->count($name), $raw->call('EXISTS', sem_key($name)));
$u = $other->acquire($name, 2, 0, 30, 2);
var_dump(is_string($u), $other->release($name, $u));
var_dump($sem->release("$name:never", $u));
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
int(2)
bool(true)
bool(false)
bool(false)
int(0)
int(0)
bool(true)
bool(true)
bool(false)
