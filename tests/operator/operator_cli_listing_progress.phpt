--TEST--
redislock queues walks the names cursor to the end, showing progress only on a terminal
--DESCRIPTION--
redislock queues walks the names cursor to the end (1200 queues over several
pages, each once); a listing that takes long shows a progress line on a
terminal's stderr, cleared before the table, and none when stderr is not a
terminal
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
/* A server of the test's own: it is stalled below, which would stall the tests running
 * beside it on the shared one. */
rq_own_main_server(['--enable-debug-command', 'local']);
$prefix = op_prefix('OpP');
$q = rq_queue(['prefix' => $prefix]);
$want = [];
for ($i = 0; $i < 1200; $i += 100) {
    $ids = [];
    for ($j = $i; $j < $i + 100; $j++) {
        $q->enqueue(sprintf('q%04d', $j), 'job');
        $want[] = sprintf('q%04d', $j);
    }
}
$r = op_json(['queues', '--prefix', $prefix]);
$names = array_column($r['json']['queues'] ?? [], 'name');
$sorted = static fn (array $a): bool => $a === (function () use ($a) { sort($a, SORT_STRING); return $a; })();
$all = $names;
sort($all, SORT_STRING);
rq_check($r['status'] === 0 && $all === $want && $sorted(array_slice($names, 0, 1000)) && $sorted(array_slice($names, 1000)), 'all 1200 queues, each once, in pages of 1000 sorted within the page', [count($names), array_slice($names, 0, 3)]);
rq_check(array_sum(array_column($r['json']['queues'], 'due')) === 1200, 'each with its one due task');

/* 4 s: the listing, started within it, takes more than the half second after which
 * it shows its progress, however long a loaded machine takes to start the command
 * (whose read timeout is longer than the stall). */
$stall = rl_stall_server(4.0);
$r = op_cli_tty(['queues', '--prefix', $prefix], env: ['REDISLOCK_DSN' => rl_dsn() . '?read_timeout=30']);
rl_stall_wait($stall);
rq_check($r['status'] === 0 && preg_match('/listing queues: \d+ names so far\.\.\./', $r['output']) === 1, 'on a terminal, a slow listing shows its progress', $r['status']);
$table = substr($r['output'], strrpos($r['output'], "\r\033[K") + 4);
rq_check(str_starts_with($table, "QUEUE ") && substr_count($table, "\n") === 1201, 'the line is cleared before the table', substr($table, 0, 200));

$stall = rl_stall_server(4.0);
$r = op_cli(['queues', '--prefix', $prefix], ['REDISLOCK_DSN' => rl_dsn() . '?read_timeout=30']);
rl_stall_wait($stall);
rq_check($r['status'] === 0 && $r['stderr'] === '' && substr_count($r['stdout'], "\n") === 1201, 'stderr not a terminal: no progress line', $r['stderr']);
foreach ($want as $name) {
    $q->clear($name);
}
?>
--EXPECT--
ok: all 1200 queues, each once, in pages of 1000 sorted within the page
ok: each with its one due task
ok: on a terminal, a slow listing shows its progress
ok: the line is cleared before the table
ok: stderr not a terminal: no progress line
