--TEST--
RedisLock::names() lists exactly the lock names under every prefix shape, never a waiter's keys or a piece of its id
--DESCRIPTION--
Under each prefix shape (hash tag at the start, with and without a separator, an
empty tag, a tag in the middle, braces that make no tag, none), a name is held
exclusively while a lock() waiter and a lockMany() waiter queue behind it, one is
held shared, one with braces of its own, one fenced. While they wait, names()
must list those four names and nothing else: not the waiters' alive marks or
wake-up lists, not the fencing counter, and no 8 hex digits of any id in the
keyspace (a waiter's id is the random part of the token it will hold).
--FILE--
<?php
require __DIR__ . '/../harness/names_test.inc';
$failures = 0;
foreach (nm_prefix_shapes() as $prefix) {
    $opts = rl_options(['prefix' => $prefix]);
    $lock = new RedisLock($opts);
    $lock->lock('order', 0, 30);
    $lock->lockShared('shared', 0, 30);
    $lock->lock('{k}braced', 0, 30);
    $fenced = $lock->addLock('fenced', 30);
    $pids = [
        l4_fork(function () use ($opts) {
            $w = new RedisLock($opts);
            return $w->lock('order', 10, 5) && $w->unlock('order') ? 0 : 3;
        }),
        l4_fork(function () use ($opts) {
            $w = new RedisLock($opts);
            return $w->lockMany(['shared', 'order'], 10, 5) && $w->unlockAll() ? 0 : 4;
        }),
    ];
    nm_until(fn() => ($lock->inspect('order')['waiters'] ?? 0) >= 1 && ($lock->inspect('shared')['waiters'] ?? 0) >= 1, "waiters under $prefix");
    $names = nm_all_names($lock);
    $want = ['fenced', 'order', 'shared', '{k}braced'];
    sort($want, SORT_STRING);
    if ($names !== $want) {
        $failures++;
        echo "prefix $prefix lists ", json_encode($names), "\n";
    }
    if (nm_leaks(var_export($names, true), nm_ids_in_keyspace())) {
        $failures++;
        echo "prefix $prefix: a listing holds a piece of an id\n";
    }
    $lock->releaseLock('fenced', $fenced);
    $lock->unlockAll();
    $codes = l4_wait($pids, 20);
    if ($codes !== [0, 0]) {
        $failures++;
        echo "prefix $prefix: waiters ended with ", json_encode($codes), "\n";
    }
}
echo "failures: $failures\n";
?>
--EXPECT--
failures: 0
