--TEST--
RedisSemaphore::names() lists exactly the semaphore names under every prefix shape, never a waiter's keys or a piece of its id
--DESCRIPTION--
Under each prefix shape, a semaphore of limit 1 is held while another process
waits for a permit (its alive mark, its wake-up list and the queue exist). The
listing must be that one name, plus one with braces of its own, and hold no 8
hex digits of any id in the keyspace.
--FILE--
<?php
require __DIR__ . '/../harness/names_test.inc';
$failures = 0;
foreach (nm_prefix_shapes() as $prefix) {
    $opts = rl_options(['prefix' => $prefix]);
    $sem = new RedisSemaphore($opts);
    $t1 = $sem->acquire('pool', 1, 0, 30);
    $t2 = $sem->acquire('{k}braced', 2, 0, 30);
    $pid = l4_fork(function () use ($opts) {
        $w = new RedisSemaphore($opts);
        $t = $w->acquire('pool', 1, 10, 5);
        return $t !== false && $w->release('pool', $t) ? 0 : 3;
    });
    nm_until(fn() => ($sem->inspect('pool')['waiters'] ?? 0) >= 1, "a waiter under $prefix");
    $names = nm_all_names($sem);
    if ($names !== ['pool', '{k}braced']) {
        $failures++;
        echo "prefix $prefix lists ", json_encode($names), "\n";
    }
    if (nm_leaks(var_export($names, true), nm_ids_in_keyspace())) {
        $failures++;
        echo "prefix $prefix: a listing holds a piece of an id\n";
    }
    $sem->release('pool', $t1);
    $sem->release('{k}braced', $t2);
    if (l4_wait([$pid], 20) !== [0]) {
        $failures++;
        echo "prefix $prefix: the waiter failed\n";
    }
}
echo "failures: $failures\n";
?>
--EXPECT--
failures: 0
