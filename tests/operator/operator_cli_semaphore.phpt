--TEST--
redislock inspect --semaphore and locks --semaphore: a semaphore's permits, holders and waiters; a free one exits 1
--DESCRIPTION--
redislock inspect --semaphore and locks --semaphore: a semaphore with several
holders and waiters shows the permits held, the acquisitions, each one's seconds
left (longest first), the waiters and the first one's wait; a free one exits 1
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$prefix = op_prefix('OpS');
$dsn = rl_dsn() . '?prefix=' . rawurlencode($prefix);
$sem = new RedisSemaphore($dsn);
$r = op_json(['inspect', 'pool', '--semaphore', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['json'] === ['name' => 'pool', 'kind' => 'semaphore', 'free' => true, 'state' => null], 'a free semaphore: exit 1, free', $r);
$sem->acquire('pool', 3, 0, 20, 2);
$sem->acquire('pool', 3, 0, 10, 1);
$sem->acquire('other', 5, 0, 10, 1);
$children = [];
for ($i = 0; $i < 2; $i++) {
    $children[] = l4_spawn('$s = new RedisSemaphore(' . var_export($dsn, true) . '); echo "waiting\n"; $s->acquire("pool", 3, 20, 15); sleep(20);');
    echo l4_read_line($children[$i][1]), "\n";
}
rq_check(l4_until(fn () => ($sem->inspect('pool')['waiters'] ?? 0) === 2), 'two children wait');
usleep(300000);
$r = op_json(['inspect', 'pool', '--semaphore', '--prefix', $prefix]);
$s = $r['json']['state'] ?? [];
rq_check($r['status'] === 0 && array_keys($s) === ['held', 'holders', 'held_by', 'ttls', 'waiters', 'oldest_wait']
    && $s['held_by'] === op_held_by($sem->inspect('pool')), 'exit 0, the fixed keys, held_by as the extension tells it', $r);
rq_check($s['held'] === 3 && $s['holders'] === 2 && count($s['ttls']) === 2 && $s['ttls'][0] > 15 && $s['ttls'][0] <= 20
    && $s['ttls'][1] > 5 && $s['ttls'][1] <= 10 && $s['waiters'] === 2 && $s['oldest_wait'] >= 0.3 && $s['oldest_wait'] < 20, '3 permits held by 2 acquisitions, their ttls longest first, 2 waiters', $s);
$r = op_cli(['inspect', 'pool', '--semaphore', '--prefix', $prefix]);
rq_check($r['status'] === 0 && preg_match('/^held:\s+3 permits$/m', $r['stdout']) && preg_match('/^ttls:\s+\d+\.\ds \d+\.\ds$/m', $r['stdout'])
    && preg_match('/^waiters:\s+2$/m', $r['stdout']), 'as text', $r);
$r = op_json(['locks', '--semaphore', '--prefix', $prefix]);
$names = array_column($r['json']['semaphores'] ?? [], 'name');
rq_check($r['status'] === 0 && $names === ['other', 'pool'] && $r['json']['semaphores'][1]['waiters'] === 2, 'locks --semaphore --json lists both with their state', $r);
$r = op_cli(['locks', '--semaphore', '--prefix', $prefix]);
$lines = explode("\n", rtrim($r['stdout']));
rq_check(count($lines) === 3 && preg_match('/^NAME\s+HELD\s+HOLDERS\s+HELD BY\s+TTLS\s+WAITERS\s+OLDEST WAIT$/', $lines[0])
    && preg_match('/^pool\s+3\s+2\s+' . op_held_by_cell($sem->inspect('pool')) . '\s+\d+\.\ds \d+\.\ds\s+2\s+\d+\.\d{3}s$/', $lines[2]), 'and as a table', $lines);
foreach ($children as [$proc, , $pid]) {
    l4_signal($pid, 'KILL');
    proc_close($proc);
}
?>
--EXPECT--
ok: a free semaphore: exit 1, free
waiting
waiting
ok: two children wait
ok: exit 0, the fixed keys, held_by as the extension tells it
ok: 3 permits held by 2 acquisitions, their ttls longest first, 2 waiters
ok: as text
ok: locks --semaphore --json lists both with their state
ok: and as a table
