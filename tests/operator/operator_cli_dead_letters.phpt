--TEST--
redislock dead, retry-dead and purge-dead: list, retry and drop dead letters, purge-dead only with a terminal or --yes
--DESCRIPTION--
redislock dead, retry-dead and purge-dead: the dead letters listed oldest first
with their attempts, time and payload size (never the payload); retry-dead of
named ids and of all puts them back; purge-dead refuses without a terminal or
--yes (exit 4, nothing dropped) and drops them with --yes; each exits 1 when
there is nothing to do
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$prefix = op_prefix('OpD');
$q = rq_queue(['prefix' => $prefix]);
$q->enqueue('jobs', 'a', payload: 'SECRET-PAYLOAD-a');
$q->enqueue('jobs', ['b', 'c', 'd']);
$t0 = microtime(true);
foreach (['a', 'b', 'c', 'd'] as $id) {
    $t = $q->reserve('jobs', 1, 30);
    $q->fail('jobs', $t['id'], $t['receipt']);
    usleep(2000);
}
$r = op_json(['dead', 'jobs', '--prefix', $prefix]);
$d = $r['json']['dead'] ?? [];
rq_check($r['status'] === 0 && $r['json']['queue'] === 'jobs' && array_column($d, 'id') === ['a', 'b', 'c', 'd'], 'dead --json: the four, oldest first', $r);
rq_check(array_keys($d[0]) === ['id', 'attempts', 'time', 'payload_bytes'] && $d[0]['attempts'] === 1 && abs($d[0]['time'] - $t0) < 30
    && $d[0]['payload_bytes'] === 16 && $d[1]['payload_bytes'] === null, 'each: id, attempts, time of death, payload size', $d);
$r = op_cli(['dead', 'jobs', '--prefix', $prefix, '--count', '2']);
$lines = explode("\n", rtrim($r['stdout']));
rq_check($r['status'] === 0 && count($lines) === 3 && preg_match('/^ID\s+ATTEMPTS\s+DIED AT \(UTC\)\s+PAYLOAD$/', $lines[0])
    && preg_match('/^a\s+1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+16 bytes$/', $lines[1]) && preg_match('/^b\s+1\s+\S+ \S+\s+-$/', $lines[2]), '--count 2 as a table', $lines);
$all = '';
foreach ([op_cli(['dead', 'jobs', '--prefix', $prefix]), op_json(['dead', 'jobs', '--prefix', $prefix])] as $run) {
    $all .= $run['stdout'] . $run['stderr'];
}
rq_check(!str_contains($all, 'SECRET-PAYLOAD'), 'the payload itself is never shown');

$r = op_json(['retry-dead', 'jobs', 'a', 'c', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['json'] === ['queue' => 'jobs', 'retried' => 2], 'retry-dead of two ids: 2 retried', $r);
$size = $q->size('jobs');
rq_check($size['due'] === 2 && $size['dead'] === 2, 'they are due again, two stay dead', $size);
$r = op_cli(['retry-dead', 'jobs', 'nope', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['stdout'] === "0 dead letters of jobs put back in the queue\n", 'retry-dead of an id that is not dead: exit 1', $r);

$r = op_cli(['purge-dead', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 4 && $r['stdout'] === '' && str_contains($r['stderr'], 'pass --yes'), 'purge-dead without a terminal and without --yes: refused, exit 4', $r);
rq_check($q->size('jobs')['dead'] === 2, 'nothing dropped');
$r = op_json(['purge-dead', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 4 && $r['json']['error']['exit_code'] === 4, 'refused with --json too, the error as JSON', $r);
$r = op_json(['purge-dead', 'jobs', '--yes', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['json'] === ['queue' => 'jobs', 'purged' => 2], 'purge-dead --yes: 2 dropped', $r);
rq_check($q->size('jobs') === ['due' => 2, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the due tasks stay');
$r = op_cli(['purge-dead', 'jobs', '--yes', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['stdout'] === "0 dead letters of jobs dropped\n", 'purge-dead with none left: exit 1', $r);
$r = op_json(['dead', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['json'] === ['queue' => 'jobs', 'dead' => []], 'dead with none: exit 1, an empty list', $r);
$r = op_cli(['retry-dead', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 1, 'retry-dead of all with none: exit 1', $r);
?>
--EXPECT--
ok: dead --json: the four, oldest first
ok: each: id, attempts, time of death, payload size
ok: --count 2 as a table
ok: the payload itself is never shown
ok: retry-dead of two ids: 2 retried
ok: they are due again, two stay dead
ok: retry-dead of an id that is not dead: exit 1
ok: purge-dead without a terminal and without --yes: refused, exit 4
ok: nothing dropped
ok: refused with --json too, the error as JSON
ok: purge-dead --yes: 2 dropped
ok: the due tasks stay
ok: purge-dead with none left: exit 1
ok: dead with none: exit 1, an empty list
ok: retry-dead of all with none: exit 1
