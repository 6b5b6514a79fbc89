--TEST--
RedisLock during a rolling deploy: the previous release's holds show held_by [], and that release reads this release's labelled tokens as before
--DESCRIPTION--
The previous release (f11e241, built from this tree's git history) knows no
label: its tokens are the 32 hex digits alone, and it takes this release's
"<32 hex>@<label>" for an opaque random part. Its hold is inspected here with
held_by []. A token of this release, handed to it, is checked, fenced and
released there; a waiter of either release is handed the lock by the other's
unlock(); its shared holder joins this release's, and only this release's is
named.
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
$old = fn (string $code) => rl_run_old_php($so, $code);
/** A process of the previous release running $code, not waited for: [process, stdout]. */
$spawn = function (string $code) use ($so): array {
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $proc = proc_open([$php, '-n', '-d', "extension=$so", rl_php_file($code)], [1 => ['pipe', 'w']], $pipes);
    return [$proc, $pipes[1]];
};
$lock = new RedisLock(rl_dsn());
$me = gethostname() . ':' . getmypid();
$n = [rl_name(), rl_name(), rl_name(), rl_name(), rl_name()];

/* Its hold, inspected here: held, by nobody named. */
$r = $old('$l = new RedisLock(rl_dsn()); echo $l->addLock(' . var_export($n[0], true) . ', 30);');
$token = trim($r['stdout']);
$seen = $lock->inspect($n[0]);
echo 'old hold: ', var_export([$seen['holders'], $seen['held_by']], true), ' ', var_export($lock->releaseLock($n[0], $token), true), "\n";

/* This release's token, handed to the previous release. */
$token = $lock->addLock($n[1], 30, fenced: false);
$r = $old('$l = new RedisLock(rl_dsn()); $n = ' . var_export($n[1], true) . '; $t = ' . var_export($token, true) . ';
$f = $l->fenceLock($n, $t);
echo json_encode([$l->holdsLock($n, $t), is_string($f) && $l->holdsLock($n, $f), $l->inspect($n)["holders"], $l->lock($n), $l->releaseLock($n, $t), $l->releaseLock($n, $t), $l->lock($n, 0, 5) && $l->unlock($n)]);');
echo 'new token on old: ', trim($r['stdout']), "\n";

/* An old waiter is handed the lock by this release's unlock(). */
$lock->lock($n[2], 0, 30);
[$proc, $out] = $spawn('$l = new RedisLock(rl_dsn()); $got = $l->lock(' . var_export($n[2], true) . ', 30, 30); echo $got ? "got\n" : "not\n"; sleep(30);');
echo 'old waits: ', var_export(l4_until(fn () => $lock->inspect($n[2])['waiters'] === 1, 30), true), "\n";
$lock->unlock($n[2]);
echo 'old waiter: ', l4_read_line($out, 30), ', held_by ', json_encode($lock->inspect($n[2])['held_by']), "\n";
proc_terminate($proc, 9);
proc_close($proc);
$lock->forceUnlock($n[2]);

/* This release waits for the previous release's holder, which lets go once it sees the waiter. */
[$proc, $out] = $spawn('$l = new RedisLock(rl_dsn()); $n = ' . var_export($n[3], true) . '; $l->lock($n, 0, 30); echo "held\n";
$until = microtime(true) + 30; while (($l->inspect($n)["waiters"] ?? 0) < 1 && microtime(true) < $until) usleep(10000);
echo $l->unlock($n) ? "released\n" : "lost\n";');
echo 'old holds: ', l4_read_line($out, 30), "\n";
echo 'new waits and gets it: ', var_export($lock->lock($n[3], 30, 30), true), ' ', l4_read_line($out, 30), ', held_by ', json_encode($lock->inspect($n[3])['held_by'] === [$me]), "\n";
proc_close($proc);
$lock->unlock($n[3]);

/* Shared: both releases' readers together; an old writer waits for both and gets the lock. */
$lock->lockShared($n[4], 0, 30);
$r = $old('$l = new RedisLock(rl_dsn()); echo $l->addLock(' . var_export($n[4], true) . ', 30, shared: true);');
$shared = trim($r['stdout']);
$seen = $lock->inspect($n[4]);
echo 'shared: ', $seen['holders'], ' ', json_encode($seen['held_by'] === [$me]), "\n";
[$proc, $out] = $spawn('$l = new RedisLock(rl_dsn()); echo $l->lock(' . var_export($n[4], true) . ', 30, 30) ? "writer got\n" : "writer not\n"; sleep(30);');
echo 'old writer waits: ', var_export(l4_until(fn () => $lock->inspect($n[4])['waiters'] === 1, 30), true), "\n";
$lock->unlock($n[4]);
$lock->releaseLock($n[4], $shared);
echo l4_read_line($out, 30), ', held_by ', json_encode($lock->inspect($n[4])['held_by']), "\n";
proc_terminate($proc, 9);
proc_close($proc);
$lock->forceUnlock($n[4]);
?>
--EXPECT--
old hold: array (
  0 => 1,
  1 => 
  array (
  ),
) true
new token on old: [true,true,1,false,true,false,true]
old waits: true
old waiter: got, held_by []
old holds: held
new waits and gets it: true released, held_by true
shared: 2 true
old writer waits: true
writer got, held_by []
