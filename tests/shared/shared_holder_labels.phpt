--TEST--
RedisLock::inspect() of a shared lock: held_by lists the labels of the 10 shares that end last, the latest first; a demotion and a promotion keep the holder's label; inspectMany() carries held_by
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$objects = [];
for ($i = 0; $i < 12; $i++) {
    $objects[$i] = new RedisLock(rl_options(['holder' => "reader-$i"]));
    $objects[$i]->lockShared($name, 0, 20 + $i);
}
$seen = $objects[0]->inspect($name);
var_dump($seen['mode'], $seen['holders'], $seen['held_by'] === array_map(fn ($i) => "reader-$i", range(11, 2, -1)));
foreach ($objects as $o) {
    $o->unlock($name);
}
var_dump($objects[0]->inspect($name));
/* Exclusive, demoted to shared, promoted back: the same label throughout. */
$writer = new RedisLock(rl_options(['holder' => "writer\0{1}"]));
$writer->lock($name, 0, 20);
$a = $writer->inspect($name)['held_by'];
$writer->lockShared($name, 0, 20);
$b = $writer->inspect($name);
$writer->lock($name, 5, 20);
$c = $writer->inspect($name);
var_dump($a === ["writer\0{1}"], $b['mode'] === 'shared' && $b['held_by'] === $a, $c['mode'] === 'exclusive' && $c['held_by'] === $a);
$many = $objects[1]->inspectMany([$name, rl_name()]);
var_dump($many[$name]['held_by'] === $a, array_values($many)[1]);
$writer->unlock($name);
?>
--EXPECT--
string(6) "shared"
int(12)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
NULL
