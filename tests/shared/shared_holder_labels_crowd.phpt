--TEST--
held_by under a crowd: of 15 shared holders and 15 semaphore acquisitions, the 10 that end last, latest first; hand-written values name a holder only with a label
--DESCRIPTION--
held_by under a crowd: 15 shared holders and 15 semaphore acquisitions with their own labels and lifetimes list the 10 that end last, latest first; values written by hand name a holder only when they carry a label
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$n = rl_name();
$objs = [];
for ($i = 0; $i < 15; $i++) {
    $l = new RedisLock(rl_options(['holder' => "h$i"]));
    $s = new RedisSemaphore(rl_options(['holder' => "h$i"]));
    $l->lockShared($n, 0, 20 + $i);
    $s->acquire($n, 100, 0, 20 + $i, 3);
    $objs[] = [$l, $s];
}
$want = array_map(fn ($i) => "h$i", range(14, 5, -1));
$lock = new RedisLock(rl_dsn());
$sem = new RedisSemaphore(rl_dsn());
$li = $lock->inspect($n);
$si = $sem->inspect($n);
echo json_encode([$li['holders'], $li['held_by'] === $want, $si['holders'], $si['held'], $si['held_by'] === $want, $lock->inspectMany([$n])[$n]['held_by'] === $want, $sem->inspectMany([$n])[$n]['held_by'] === $want]), "\n";
foreach ($objs as [$l, $s]) {
    $l->unlockAll();
}
$raw = new RawRedis();
$hex = str_repeat('ab', 16);
foreach (["$hex@", "$hex@%4", "$hex@%41%4g", "7:$hex@x|99999999999999", "$hex", "x@y", strtoupper($hex) . '@u', "$hex@a@b", "$hex@a b", "{$hex}0@z", "a:b:$hex@q"] as $v) {
    $raw->call('SET', "Lock:$n:v", $v, 'PX', '30000');
    echo json_encode($lock->inspect("$n:v")['held_by']), ' ';
    $raw->call('DEL', "Lock:$n:v");
}
echo "\n";
?>
--EXPECT--
[15,true,15,45,true,true,true]
[""] ["%4"] ["A%4g"] ["x"] [] [] ["u"] [] [] [] ["q"] 
