--TEST--
redislock force-unlock: removes a lock only with --yes or a "y" on a terminal
--DESCRIPTION--
redislock force-unlock: without a terminal and without --yes it refuses (exit 4)
and the lock stays; on a terminal it asks, and "n" leaves the lock (exit 4)
while "y" removes it and wakes its waiter; --yes removes without asking; a lock
nobody holds exits 1
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$prefix = op_prefix('OpF');
$dsn = rl_dsn() . '?prefix=' . rawurlencode($prefix);
$holder = new RedisLock($dsn);
$holder->lock('stuck', 0, 60);

$r = op_cli(['force-unlock', 'stuck', '--prefix', $prefix]);
rq_check($r['status'] === 4 && $r['stdout'] === '' && $r['stderr'] === "redislock: refused: no terminal to confirm on; pass --yes to do it anyway\n", 'no terminal, no --yes: refused, exit 4', $r);
rq_check($holder->isLocking('stuck'), 'the lock is still held');

$r = op_cli_tty(['force-unlock', 'stuck', '--prefix', $prefix], '[y/N]', "n\n");
rq_check($r['status'] === 4 && str_contains($r['output'], 'Remove lock stuck whoever holds it?') && str_contains($r['output'], 'not confirmed: nothing done'), 'on a terminal, answered n: exit 4', $r);
rq_check($holder->isLocking('stuck'), 'the lock is still held');

$child = l4_spawn('$l = new RedisLock(' . var_export($dsn, true) . '); echo "waiting\n"; var_dump($l->lock("stuck", 20, 30)); sleep(20);');
echo l4_read_line($child[1]), "\n";
rq_check(l4_until(fn () => ($holder->inspect('stuck')['waiters'] ?? 0) === 1), 'a waiter waits');
$r = op_cli_tty(['force-unlock', 'stuck', '--prefix', $prefix], '[y/N]', "y\n");
rq_check($r['status'] === 0 && str_contains($r['output'], "lock stuck removed\n"), 'on a terminal, answered y: removed, exit 0', $r);
echo 'the waiter: ', l4_read_line($child[1]), "\n";
rq_check(!$holder->isLocking('stuck') && $holder->inspect('stuck')['holders'] === 1, 'the holder lost it, the waiter holds it');
l4_signal($child[2], 'KILL');
proc_close($child[0]);

$holder->lock('other', 0, 60);
$r = op_json(['force-unlock', 'other', '--yes', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['json'] === ['name' => 'other', 'removed' => true] && !$holder->isLocking('other'), '--yes: removed without asking', $r);
$r = op_json(['force-unlock', 'other', '--yes', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['json'] === ['name' => 'other', 'removed' => false], 'again: nothing to remove, exit 1', $r);
$r = op_cli(['force-unlock', 'other', '--yes', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['stdout'] === "lock other was not held: nothing removed\n", 'and as text', $r);
?>
--EXPECT--
ok: no terminal, no --yes: refused, exit 4
ok: the lock is still held
ok: on a terminal, answered n: exit 4
ok: the lock is still held
waiting
ok: a waiter waits
ok: on a terminal, answered y: removed, exit 0
the waiter: bool(true)
ok: the holder lost it, the waiter holds it
ok: --yes: removed without asking
ok: again: nothing to remove, exit 1
ok: and as text
