--TEST--
Cluster: enqueue() of one id due now, and its hand-over to the enqueue script, on names with braces, NUL and invalid UTF-8, both layouts; then after a slot move and SCRIPT FLUSH
--DESCRIPTION--
On a 3-master cluster of the test's own, for five queue names (plain, {x}y,
a{b}c, NUL with invalid UTF-8 and a brace, }{) and both layouts: a new id with
70,000 bytes, the same id again (waiting), a re-run of a reserved id (handed
over to the enqueue script: parked), a fail() of that run, and an id of binary
bytes with an empty payload each return true, and the sizes agree on every
name. Then one queue's slot moves to another master (MOVED) and every node's
scripts are flushed (NOSCRIPT): the next two enqueues still go in.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/topology_test.inc';
$nodes = topo_own_cluster(3);
$opts = topo_own_cluster_options($nodes, ['max_attempts' => 1]);
$q = new RedisQueue($opts);
$res = [];
foreach (['plain', "{x}y", "a{b}c", "\0\xff{", '}{'] as $i => $base) {
    foreach (['zset', 'stream'] as $layout) {
        $name = rl_name(":$i:$layout") . $base;
        $q->enqueue($name, 'seed', payload: 's');
        if ($layout === 'stream') { $q->migrate($name); }
        $r = [];
        $r[] = $q->enqueue($name, 'a', payload: str_repeat('p', 70000));
        $r[] = $q->enqueue($name, 'a');
        $t = $q->reserve($name, 1, 300);
        $r[] = $q->enqueue($name, $t['id'], payload: 'again');
        $q->fail($name, $t['id']);
        $r[] = $q->enqueue($name, "\0\xfe{}", payload: '');
        $r[] = json_encode($q->size($name));
        $res["$i/$layout"] = implode(',', $r);
    }
}
echo implode("\n", array_unique($res)), "\n";
/* Move the slot of one queue to another master, flush scripts everywhere. */
$name = rl_name(':moved');
$q->enqueue($name, 'one');
$q->migrate($name);
$slot = topo_key_slot("{Queue:$name}:stream");
$owner = null;
foreach ($nodes as $n) {
    foreach ($n->raw()->call('CLUSTER', 'SLOTS') as $range) {
        if ($slot >= $range[0] && $slot <= $range[1]) { $owner = $range[2][1]; }
    }
}
$target = null;
foreach ($nodes as $n) { if ($n->port !== $owner) { $target = $n; break; } }
$src = null;
foreach ($nodes as $n) { if ($n->port === $owner) { $src = $n; } }
$tid = $target->raw()->call('CLUSTER', 'MYID');
$sid = $src->raw()->call('CLUSTER', 'MYID');
$target->raw()->call('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', $sid);
$src->raw()->call('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', $tid);
$keys = $src->raw()->call('CLUSTER', 'GETKEYSINSLOT', (string) $slot, '100');
$src->raw()->call('MIGRATE', '127.0.0.1', (string) $target->port, '', '0', '5000', 'KEYS', ...$keys);
foreach ($nodes as $n) { $n->raw()->call('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', $tid); }
foreach ($nodes as $n) { $n->raw()->call('SCRIPT', 'FLUSH'); }
$ok = $q->enqueue($name, 'two', payload: 'p');
$ok2 = $q->enqueue($name, 'one');
echo json_encode([$ok, $ok2, $q->size($name)]), "\n";
?>
--EXPECT--
1,1,1,1,{"due":3,"delayed":0,"inflight":0,"dead":0}
[true,true,{"due":2,"delayed":0,"inflight":0,"dead":0}]
