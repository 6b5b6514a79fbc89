--TEST--
RedisSemaphore: a forked child that exits (through PHP's normal shutdown) does not release the permits its parent holds in the inherited object, whether it used the object or not
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$sem = sem_new();
$t = $sem->acquire($name, 5, 0, 30, 2);
var_dump(is_string($t));
$codes = rl_fork(2, function (int $i) use ($sem, $name) {
    if ($i === 0) {
        $c = $sem->acquire("$name:child", 5, 0, 5);
        return $c !== false && $sem->release("$name:child", $c) ? 0 : 10;
    }
    return 0;
});
echo implode(',', $codes), "\n";
$observer = sem_new();
var_dump($observer->count($name));
var_dump($sem->release($name, $t), $observer->count($name));
?>
--EXPECT--
bool(true)
0,0
int(2)
bool(true)
int(0)
