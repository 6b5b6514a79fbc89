--TEST--
RedisSemaphore::inspect(): held_by lists the labels of the 10 acquisitions that end last, latest first; inspectMany() carries it; a released or lapsed one is not named
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$tokens = $objects = [];
for ($i = 0; $i < 12; $i++) {
    $objects[$i] = new RedisSemaphore(rl_options(['holder' => "worker-$i"]));
    $tokens[$i] = $objects[$i]->acquire($name, 20, 0, 20 + $i);
}
$sem = sem_new();
$seen = $sem->inspect($name);
var_dump($seen['holders'], $seen['held_by'] === array_map(fn ($i) => "worker-$i", range(11, 2, -1)));
$sem->release($name, $tokens[11]);
$sem->release($name, $tokens[10]);
$seen = $sem->inspectMany([$name])[$name];
var_dump($seen['holders'], $seen['held_by'] === array_map(fn ($i) => "worker-$i", range(9, 0, -1)));
$objects[] = $brief = new RedisSemaphore(rl_options(['holder' => 'brief']));
$objects[] = $longer = new RedisSemaphore(rl_options(['holder' => 'long']));
/* 0.6 s: long enough not to lapse before the checks that it holds (a loaded machine may take its time between calls). */
$brief->acquire("$name:b", 2, 0, 0.6);
$long = $longer->acquire("$name:b", 2, 0, 30);
var_dump($sem->inspect("$name:b")['held_by']);
var_dump(l4_until(fn () => $sem->inspect("$name:b")['held_by'] === ['long'], 30));
for ($i = 0; $i < 10; $i++) {
    $sem->release($name, $tokens[$i]);
}
$sem->release("$name:b", $long);
var_dump($sem->inspect($name));
?>
--EXPECT--
int(12)
bool(true)
int(10)
bool(true)
array(2) {
  [0]=>
  string(4) "long"
  [1]=>
  string(5) "brief"
}
bool(true)
NULL
