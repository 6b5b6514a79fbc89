--TEST--
RedisQueue counters beside the previous release (0.2.0) on one queue: its workers' calls count nothing and break nothing; this release's count
--DESCRIPTION--
During a rolling deploy workers of both releases take runs of one queue. A run
that a worker of 0.2.0 ends is not counted (its scripts do not know the
counters): the counters are a lower bound until every worker runs this release.
Nothing else changes: 0.2.0 reserves, acks, releases and fails as before, its
stats() and size() read the queue, its names() lists the queue once under its
name (the counters' key is no name of its own), and its clear() clears it.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
function old(string $so, string $name, string $code): string
{
    $r = rl_run_old_php($so, '$q = new RedisQueue(rl_dsn()); $n = ' . var_export($name, true) . '; ' . $code);
    return trim($r['stdout'] . $r['stderr']);
}
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = rq_queue();
    $q->enqueue($name, ['a', 'b', 'c', 'd', 'e']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    // This release acks a: counted. 0.2.0 acks b, releases c, fails d: not counted.
    $t = $q->reserve($name, 1, 60);
    $q->ack($name, $t['id'], $t['receipt']);
    $out = old($so, $name, '$t = $q->reserve($n, 1, 60); var_export($q->ack($n, $t["id"], $t["receipt"])); echo " ";'
        . '$t = $q->reserve($n, 1, 60); var_export($q->release($n, $t["id"], 30, $t["receipt"])); echo " ";'
        . '$t = $q->reserve($n, 1, 60); var_export($q->fail($n, $t["id"], $t["receipt"])); echo " ";'
        . 'echo json_encode($q->size($n)), " ", $q->stats($n)["dead"], " ";'
        . '$all = []; $c = null; do { $p = $q->names($c, 1000); $all = array_merge($all, $p["names"]); $c = $p["cursor"]; } while ($c !== null);'
        . 'echo count(array_filter($all, fn ($x) => str_contains($x, $n))), " ", json_encode(in_array($n, $all, true));');
    $c = $q->stats($name)['counts'];
    rq_check($out === 'true true true {"due":1,"delayed":1,"inflight":0,"dead":1} 1 1 true', "$layout: 0.2.0 reserves, acks, releases, fails and reads the queue", $out);
    rq_check($c['processed'] === 1 && $c['released'] === 0 && $c['failed'] === 0 && $c['dead'] === 0, "$layout: only this release's ack counted", $c);
    // This release takes e; 0.2.0 clears the queue.
    $t = $q->reserve($name, 1, 60);
    $q->ack($name, $t['id'], $t['receipt']);
    $cleared = old($so, $name, 'echo $q->clear($n), " ", json_encode($q->size($n));');
    rq_check($t['id'] === 'e' && $q->stats($name)['counts']['processed'] === 2 && str_ends_with($cleared, '{"due":0,"delayed":0,"inflight":0,"dead":0}'),
        "$layout: this release counts on; 0.2.0's clear() clears", [$t, $cleared]);
}
?>
--EXPECT--
ok: zset: 0.2.0 reserves, acks, releases, fails and reads the queue
ok: zset: only this release's ack counted
ok: zset: this release counts on; 0.2.0's clear() clears
ok: stream: 0.2.0 reserves, acks, releases, fails and reads the queue
ok: stream: only this release's ack counted
ok: stream: this release counts on; 0.2.0's clear() clears
