--TEST--
names(): a watched hold's bound key (P..'b:'..<random part with its label>) is never listed as a name of its own, for locks and semaphores, under a prefix that starts with a hash tag
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$base = rl_name();
$lock = new RedisLock(rl_options(['prefix' => "{{$base}L}", 'watchdog' => true]));
$sem = new RedisSemaphore(rl_options(['prefix' => "{{$base}S}", 'watchdog' => true]));
var_dump($lock->lock('plain', 0, 30), is_string($sem->acquire('plain', 1, 0, 30)));
$all = function ($o) {
    $all = [];
    $c = null;
    do {
        ['names' => $g, 'cursor' => $c] = $o->names($c, 1000);
        $all = array_merge($all, $g);
    } while ($c !== null);
    $all = array_values(array_unique($all));
    sort($all);
    return $all;
};
echo json_encode([$all($lock), $all($sem)]), "\n";
$lock->unlock('plain');
?>
--EXPECT--
bool(true)
bool(true)
[["plain"],["plain"]]
