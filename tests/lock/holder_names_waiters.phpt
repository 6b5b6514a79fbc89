--TEST--
RedisLock::names() and RedisSemaphore::names(): a waiter whose token carries a label (any bytes, percent-encoded in its keys) is never listed as a name of its own
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$base = rl_name();
$names = ['plain', '{tag}x', 'un}bal{'];
$lockOpts = rl_options(['prefix' => "{$base}L:"]);
$semOpts = rl_options(['prefix' => "{$base}S:"]);
$lock = new RedisLock($lockOpts);
$sem = new RedisSemaphore($semOpts);
$children = [];
foreach ($names as $n) {
    $lock->lock($n, 0, 30);
    $sem->acquire($n, 1, 0, 30);
    $children[] = l4_spawn('$l = new RedisLock(' . var_export($lockOpts + ['holder' => "w:{x}|y@%\0"], true) . ');
        $l->lock(' . var_export($n, true) . ', 30, 30); sleep(30);');
    $children[] = l4_spawn('$s = new RedisSemaphore(' . var_export($semOpts + ['holder' => "w:{x}|y@%\0"], true) . ');
        $s->acquire(' . var_export($n, true) . ', 1, 30, 30); sleep(30);');
}
$waiting = l4_until(function () use ($lock, $sem, $names) {
    foreach ($names as $n) {
        if ($lock->inspect($n)['waiters'] < 1 || $sem->inspect($n)['waiters'] < 1) {
            return false;
        }
    }
    return true;
}, 30);
$list = function ($o) {
    $all = [];
    $cursor = null;
    do {
        ['names' => $got, 'cursor' => $cursor] = $o->names($cursor, 1000);
        $all = array_merge($all, $got);
    } while ($cursor !== null);
    $all = array_values(array_unique($all));
    sort($all);
    return $all;
};
$expected = $names;
sort($expected);
var_dump($waiting, $list($lock) === $expected, $list($sem) === $expected);
foreach ($children as [$proc, $pipe, $pid]) {
    l4_signal($pid, 'KILL');
    proc_close($proc);
}
foreach ($names as $n) {
    $lock->unlock($n);
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
