--TEST--
RedisSemaphore during a rolling deploy: the previous release's acquisitions are named by nobody, and that release handles this release's labelled tokens and waiters as before
--DESCRIPTION--
The previous release (f11e241, built from this tree's git history) writes no
label. Its permit is counted here with held_by naming only this release's. It
checks, extends and releases a labelled token of this release; its release
serves a waiter of this release, and this release's release serves its waiter.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('f11e241')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('f11e241');
$old = fn (string $code) => rl_run_old_php($so, $code);
$spawn = function (string $code) use ($so): array {
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $proc = proc_open([$php, '-n', '-d', "extension=$so", rl_php_file($code)], [1 => ['pipe', 'w']], $pipes);
    return [$proc, $pipes[1]];
};
$sem = sem_new();
$me = gethostname() . ':' . getmypid();
$name = rl_name();
$q = var_export($name, true);

/* Limit 2: one permit each. */
/* Without auto-release: the permit outlives the process that took it. */
$r = $old('$s = new RedisSemaphore(rl_options(["auto_release" => false])); echo $s->acquire(' . $q . ', 2, 0, 30);');
$oldToken = trim($r['stdout']);
$mine = $sem->acquire($name, 2, 0, 30);
$seen = $sem->inspect($name);
echo 'both: ', $seen['held'], ' ', json_encode($seen['held_by'] === [$me]), ' ', var_export($sem->acquire($name, 2), true), "\n";
$r = $old('$s = new RedisSemaphore(rl_dsn()); $t = ' . var_export($mine, true) . ';
echo json_encode([$s->holds(' . $q . ', $t), $s->extend(' . $q . ', $t, 40), $s->acquire(' . $q . ', 2), $s->count(' . $q . '), $s->release(' . $q . ', $t), $s->holds(' . $q . ', $t)]);');
echo 'new token on old: ', trim($r['stdout']), "\n";
$seen = $sem->inspect($name);
echo 'old alone: ', $seen['held'], ' ', json_encode($seen['held_by']), "\n";

/* This release waits, and the previous release's release serves it. */
$mine = $sem->acquire($name, 2, 0, 30);
[$proc, $out] = $spawn('$s = new RedisSemaphore(rl_dsn()); $t = ' . var_export($oldToken, true) . ';
$until = microtime(true) + 30; while (($s->inspect(' . $q . ')["waiters"] ?? 0) < 1 && microtime(true) < $until) usleep(10000);
echo $s->release(' . $q . ', $t) ? "released\n" : "lost\n";');
$waiter = $sem->acquire($name, 2, 30, 30);
echo 'new waiter served: ', var_export(is_string($waiter), true), ' ', l4_read_line($out, 30), "\n";
proc_close($proc);
$seen = $sem->inspect($name);
echo 'named: ', json_encode($seen['held_by'] === [$me, $me]), "\n";

/* The previous release waits, and this release's release serves it. */
[$proc, $out] = $spawn('$s = new RedisSemaphore(rl_dsn()); $t = $s->acquire(' . $q . ', 2, 30, 30); echo $t !== false ? "got\n" : "not\n"; sleep(30);');
echo 'old waits: ', var_export(l4_until(fn () => $sem->inspect($name)['waiters'] === 1, 30), true), "\n";
$sem->release($name, $waiter);
echo 'old waiter: ', l4_read_line($out, 30), "\n";
$seen = $sem->inspect($name);
echo 'named: ', $seen['held'], ' ', json_encode($seen['held_by'] === [$me]), "\n";
proc_terminate($proc, 9);
proc_close($proc);
$sem->release($name, $mine);
?>
--EXPECT--
both: 2 true false
new token on old: [true,true,false,2,true,false]
old alone: 1 []
new waiter served: true released
named: true
old waits: true
old waiter: got
named: 2 true
