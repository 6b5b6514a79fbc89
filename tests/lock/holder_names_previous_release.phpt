--TEST--
Rolling deploy: the previous release's names() lists every name and at most this release's waiters' keys (their ids carry a label); this release's lists only names (locks, semaphores, two prefixes)
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('f11e241')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('f11e241');
$list = 'function all($o, $base) { $all = []; $c = null; do { ["names" => $g, "cursor" => $c] = $o->names($c, 1000); $all = array_merge($all, $g); } while ($c !== null);
    $all = array_values(array_unique(array_filter($all, fn ($n) => $base === \'\' || str_contains($n, $base)))); sort($all); return $all; }';
eval($list);
foreach (['tag', 'empty'] as $case) {
    $base = rl_name();
    /* Under the empty prefix every key is a name: only this case's are looked at, and locks and semaphores list each other's. */
    [$prefix, $name, $filter] = $case === 'tag' ? ["{{$base}L}", 'plain', ''] : ['', "$base:plain", $base];
    $lockOpts = rl_options(['prefix' => $prefix]);
    $semOpts = rl_options(['prefix' => $prefix === '' ? '' : "{{$base}S}"]);
    $lock = new RedisLock($lockOpts);
    $sem = new RedisSemaphore($semOpts);
    $lock->lock($name, 0, 30);
    $sem->acquire("$name:s", 1, 0, 30);
    $children = [
        l4_spawn('$l = new RedisLock(' . var_export($lockOpts, true) . '); $l->lock(' . var_export($name, true) . ', 30, 30); sleep(30);'),
        l4_spawn('$s = new RedisSemaphore(' . var_export($semOpts, true) . '); $s->acquire(' . var_export("$name:s", true) . ', 1, 30, 30); sleep(30);'),
    ];
    var_dump(l4_until(fn () => $lock->inspect($name)['waiters'] === 1 && $sem->inspect("$name:s")['waiters'] === 1, 30));
    $r = rl_run_old_php($so, "require_once " . var_export(__DIR__ . '/../harness/redislock_test.inc', true) . ";\n$list\n"
        . 'echo json_encode([all(new RedisLock(' . var_export($lockOpts, true) . '), ' . var_export($filter, true) . '), all(new RedisSemaphore(' . var_export($semOpts, true) . '), ' . var_export($filter, true) . ')]);');
    $expected = json_encode($case === 'tag' ? [[$name], ["$name:s"]] : [[$name, "$name:s"], [$name, "$name:s"]]);
    // The previous release knows waiter ids of 32 hex digits only: while a waiter
    // of this release waits, its keys may show up in that release's listing, and
    // nothing else may (docs/upgrading.md says so).
    $old = json_decode($r['stdout'], true);
    $ok = is_array($old) && count($old) === 2;
    foreach (json_decode($expected, true) as $i => $want) {
        $got = $old[$i] ?? [];
        $extra = array_diff($got, $want);
        $ok = $ok && array_diff($want, $got) === [] && $extra === array_filter($extra, fn ($n) => preg_match('/[alw]:[0-9a-f]{32}@[0-9A-Za-z._%-]+$/D', $n));
    }
    echo 'previous release: ', $ok ? 'the names, and at most the keys of this release\'s waiters' : $r['stdout'], "\n";
    $mine = json_encode([all($lock, $filter), all($sem, $filter)]);
    echo 'this release: ', $mine === $expected ? 'right' : $mine, "\n";
    foreach ($children as [$proc, $pipe, $pid]) {
        l4_signal($pid, 'KILL');
        proc_close($proc);
    }
    $lock->forceUnlock($name);
    $sem->inspect("$name:s");
}
?>
--EXPECT--
bool(true)
previous release: the names, and at most the keys of this release's waiters
this release: right
bool(true)
previous release: the names, and at most the keys of this release's waiters
this release: right
