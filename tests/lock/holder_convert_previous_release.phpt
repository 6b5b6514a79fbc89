--TEST--
Rolling deploy with labelled tokens: conversions, lockMany() waiters and fenced, watched holds across the two releases are each held and released exactly once
--DESCRIPTION--
Rolling deploy with labelled tokens: conversions (shared to exclusive and back) of a token of either release done by the other, lockMany() waiters of either release behind the other's holder, and a labelled hold fenced and watched, each held and released exactly once
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
$old = function (string $code) use ($so): string {
    $r = rl_run_old_php($so, "require_once " . var_export(__DIR__ . '/../harness/redislock_test.inc', true) . ";\n\$l = new RedisLock(rl_dsn());\n" . $code);
    return trim($r['stdout'] . $r['stderr']);
};
$lock = new RedisLock(rl_options(['holder' => 'web@1']));
$me = ['web@1'];
$n = array_map(fn () => rl_name(), range(0, 7));
$e = fn ($v) => var_export($v, true);

/* A new shared token converted by the previous release to exclusive and back, then released here. */
$t = $lock->addLock($n[0], 30, shared: true);
$r = json_decode($old('$t = ' . $e($t) . '; $x = $l->convertLock(' . $e($n[0]) . ', $t, false, 0, 30); $s = is_string($x) ? $l->convertLock(' . $e($n[0]) . ', $x, true, 0, 30) : false; echo json_encode([$x, $s, $l->holdsLock(' . $e($n[0]) . ', $t)]);'), true);
echo 'new token converted by old: ', json_encode([is_string($r[0]), is_string($r[1]), $r[2], $lock->holdsLock($n[0], $r[1] ?: 'x'), $lock->inspect($n[0])['held_by'] === $me,
    $lock->releaseLock($n[0], $r[1] ?: 'x'), $lock->releaseLock($n[0], $r[1] ?: 'x'), $lock->inspect($n[0])]), "\n";

/* An old shared token converted here to exclusive (held_by stays []: the random part is the old one), then released by the old release. */
$t = $old('echo $l->addLock(' . $e($n[1]) . ', 30, shared: true);');
$x = $lock->convertLock($n[1], $t, false, 0, 30);
$seen = $lock->inspect($n[1]);
echo 'old token converted by new: ', json_encode([is_string($x), $seen['mode'], $seen['held_by'], $old('echo json_encode([$l->releaseLock(' . $e($n[1]) . ', ' . $e($x) . '), $l->releaseLock(' . $e($n[1]) . ', ' . $e($x) . ')]);'), $lock->inspect($n[1])]), "\n";

/* The old release's lockMany() waits behind this release's holder of one of its names, and gets both. */
$lock->lock($n[2], 0, 30);
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$proc = proc_open([$php, '-n', '-d', "extension=$so", rl_php_file("require_once " . var_export(__DIR__ . '/../harness/redislock_test.inc', true) . ";\n\$l = new RedisLock(rl_dsn()); echo \$l->lockMany([" . $e($n[2]) . ', ' . $e($n[3]) . '], 30, 30) ? "got\n" : "not\n"; sleep(30);')], [1 => ['pipe', 'w']], $pipes);
echo 'old lockMany waits: ', json_encode(l4_until(fn () => $lock->inspect($n[2])['waiters'] === 1, 30)), "\n";
$lock->unlock($n[2]);
echo 'old lockMany: ', l4_read_line($pipes[1], 30), ' ', json_encode([$lock->inspect($n[2])['held_by'], $lock->inspect($n[3])['held_by'], $lock->lock($n[2]), $lock->lock($n[3])]), "\n";
proc_terminate($proc, 9);
proc_close($proc);
$lock->forceUnlock($n[2]);
$lock->forceUnlock($n[3]);

/* This release's lockMany() waits behind the previous release's holder, which lets go once it sees the waiter. */
$proc = proc_open([$php, '-n', '-d', "extension=$so", rl_php_file("require_once " . var_export(__DIR__ . '/../harness/redislock_test.inc', true) . ";\n\$l = new RedisLock(rl_dsn()); \$n = " . $e($n[4]) . '; $l->lock($n, 0, 30); echo "held\n";
$until = microtime(true) + 30; while (($l->inspect($n)["waiters"] ?? 0) < 1 && microtime(true) < $until) usleep(10000);
echo $l->unlock($n) ? "released\n" : "lost\n";')], [1 => ['pipe', 'w']], $pipes);
echo 'old holds: ', l4_read_line($pipes[1], 30), "\n";
echo 'new lockMany: ', json_encode([$lock->lockMany([$n[4], $n[5]], 30, 30), l4_read_line($pipes[1], 30), $lock->inspect($n[4])['held_by'], $lock->inspect($n[5])['held_by']]), "\n";
proc_close($proc);
$lock->unlockAll();

/* A labelled hold fenced, watched and renewed past its lifetime, read by the old release, then released there by the fenced token. */
$w = new RedisLock(rl_options(['holder' => "w\0{x}", 'watchdog' => ['lease' => 1]]));
$t = $w->addLock($n[6], 1, fenced: false);
$f = $w->fenceLock($n[6], $t);
var_dump($w->watchLock($n[6], $f, 30));
usleep(2500000);
echo 'watched: ', json_encode([$w->holdsLock($n[6], $t), $w->holdsLock($n[6], $f), $lock->inspect($n[6])['held_by'] === ["w\0{x}"], $lock->inspect($n[6])['fencing'] === (int) $f]), "\n";
echo 'old sees: ', $old('echo json_encode([$l->holdsLock(' . $e($n[6]) . ', ' . $e($f) . '), $l->inspect(' . $e($n[6]) . ')["holders"], $l->releaseLock(' . $e($n[6]) . ', ' . $e($t) . '), $l->isLocked(' . $e($n[6]) . ')]);'), "\n";
?>
--EXPECT--
new token converted by old: [true,true,true,true,true,true,false,null]
old token converted by new: [true,"exclusive",[],"[true,false]",null]
old lockMany waits: true
old lockMany: got [[],[],false,false]
old holds: held
new lockMany: [true,"released",["web@1"],["web@1"]]
bool(true)
watched: [true,true,true,true]
old sees: [true,1,true,false]
