--TEST--
RedisSemaphore: destroying the object (unset, end of scope) releases the permits it acquired, but never permits another object acquired
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$observer = sem_new();
$keeper = sem_new();
$kept = $keeper->acquire($name, 10, 0, 30, 2);
$sem = sem_new();
$sem->acquire($name, 10, 0, 30, 3);
$sem->acquire($name, 10, 0, 30);
$sem->acquire("$name:b", 10, 0, 30);
var_dump($observer->count($name), $observer->count("$name:b"));
unset($sem);
var_dump($observer->count($name), $observer->count("$name:b"));

function scoped(string $name, RedisSemaphore $observer): void
{
    $sem = sem_new();
    $sem->acquire($name, 10, 0, 30, 4);
    echo 'in scope: ', $observer->count($name), "\n";
}
scoped($name, $observer);
var_dump($observer->count($name));
var_dump($keeper->release($name, $kept), $observer->count($name));
?>
--EXPECT--
int(6)
int(1)
int(2)
int(0)
in scope: 6
int(2)
bool(true)
int(0)
