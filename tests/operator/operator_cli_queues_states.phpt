--TEST--
redislock queues and stats: a queue in every state shows each count and age, as a table and as --json
--DESCRIPTION--
redislock queues and stats: a queue in every state (due, delayed, in flight,
dead, overdue) shows each count and age, as an aligned table and as --json with
fixed keys; stats exits 0 on a queue with tasks and 1 on one that holds nothing
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$prefix = op_prefix('OpQ');
$q = rq_queue(['prefix' => $prefix, 'max_attempts' => 1]);
$q->enqueue('mixed', ['d1', 'd2', 'd3']);
$q->enqueue('mixed', 'later', afterInterval: 120);
$q->enqueue('mixed', ['f1', 'f2']);
$q->reserve('mixed', 1, 60);                     // one in flight
$t = $q->reserve('mixed', 1, 60);
$q->fail('mixed', $t['id'], $t['receipt']);      // one dead
$q->enqueue('overdue', 'o1');
$q->reserve('overdue', 1, 0.05);                 // its reservation lapses, not yet returned
usleep(200000);
$q->enqueue('delayedonly', 'x', afterInterval: 30);

$r = op_json(['queues', '--prefix', $prefix]);
rq_check($r['status'] === 0 && is_array($r['json']), 'queues --json exits 0 with JSON', $r);
$rows = [];
foreach ($r['json']['queues'] as $row) {
    $rows[$row['name']] = $row;
}
rq_check(array_keys($rows) === ['delayedonly', 'mixed', 'overdue'], 'every queue of the prefix, sorted, nothing else', array_keys($rows));
rq_check(array_keys($rows['mixed']) === ['name', 'due', 'delayed', 'inflight', 'dead', 'oldest_due_age', 'next_due_in', 'overdue', 'paused', 'pause_left', 'counts'], 'fixed keys in a fixed order', array_keys($rows['mixed']));
$m = $rows['mixed'];
rq_check([$m['due'], $m['delayed'], $m['inflight'], $m['dead']] === [3, 1, 1, 1], 'mixed: 3 due, 1 delayed, 1 in flight, 1 dead', $m);
rq_check($m['oldest_due_age'] > 0.1 && $m['oldest_due_age'] < 60, 'mixed: the oldest due task has waited since it was enqueued', $m);
rq_check($m['next_due_in'] > 100 && $m['next_due_in'] <= 120, 'mixed: the delayed one is due in about 120 s', $m);
rq_check($rows['overdue']['overdue'] === 1 && $rows['overdue']['inflight'] === 1, 'overdue: a lapsed reservation counts as in flight and overdue', $rows['overdue']);
rq_check($rows['delayedonly']['due'] === 0 && $rows['delayedonly']['oldest_due_age'] === 0.0 && $rows['delayedonly']['next_due_in'] > 25, 'delayedonly: nothing due, age 0.0, next due in about 30 s', $rows['delayedonly']);

$r = op_cli(['queues', '--prefix', $prefix]);
$lines = explode("\n", rtrim($r['stdout']));
rq_check($r['status'] === 0 && count($lines) === 4, 'the table: a header and one line per queue', $r);
rq_check((bool) preg_match('/^QUEUE\s+DUE\s+DELAYED\s+INFLIGHT\s+DEAD\s+OLDEST DUE\s+NEXT DUE IN\s+OVERDUE\s+PAUSED$/', $lines[0]), 'the header', $lines[0]);
rq_check(preg_match('/^mixed\s+3\s+1\s+1\s+1\s+\d+\.\d{3}s\s+1[01]\d\.\d{3}s\s+0\s+no$/', $lines[2]) === 1, 'mixed: its counts and ages on its line', $lines);
$ends = array_map(static fn (string $l): int => strlen(rtrim(substr($l, 0, strpos($lines[0], 'DELAYED') + 7))), $lines);
rq_check(count(array_unique($ends)) === 1, 'the DELAYED column right-aligned on every line', $lines);

$r = op_json(['stats', 'mixed', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['json']['queue'] === 'mixed' && $r['json']['due'] === 3 && $r['json']['dead'] === 1, 'stats --json of a queue with tasks: exit 0', $r);
$r = op_cli(['stats', 'mixed', '--prefix', $prefix]);
rq_check($r['status'] === 0 && preg_match('/^due:\s+3$/m', $r['stdout']) && preg_match('/^next due in:\s+1[01][0-9]\.\d{3}s$/m', $r['stdout']), 'stats as text: one "key: value" line each', $r);
$r = op_json(['stats', 'nothing-here', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['json']['due'] === 0 && $r['json']['next_due_in'] === null, 'stats of a queue that holds nothing: exit 1, zeros', $r);
$r = op_json(['queues', '--prefix', op_prefix('OpEmpty')]);
rq_check($r['status'] === 1 && $r['json'] === ['queues' => [], 'errors' => []], 'queues under an empty prefix: an empty list, exit 1', $r);
$r = op_cli(['queues', '--prefix', op_prefix('OpEmpty')]);
rq_check($r['status'] === 1 && $r['stdout'] === "no queue\n", 'and as text: "no queue", exit 1', $r);
?>
--EXPECT--
ok: queues --json exits 0 with JSON
ok: every queue of the prefix, sorted, nothing else
ok: fixed keys in a fixed order
ok: mixed: 3 due, 1 delayed, 1 in flight, 1 dead
ok: mixed: the oldest due task has waited since it was enqueued
ok: mixed: the delayed one is due in about 120 s
ok: overdue: a lapsed reservation counts as in flight and overdue
ok: delayedonly: nothing due, age 0.0, next due in about 30 s
ok: the table: a header and one line per queue
ok: the header
ok: mixed: its counts and ages on its line
ok: the DELAYED column right-aligned on every line
ok: stats --json of a queue with tasks: exit 0
ok: stats as text: one "key: value" line each
ok: stats of a queue that holds nothing: exit 1, zeros
ok: queues under an empty prefix: an empty list, exit 1
ok: and as text: "no queue", exit 1
