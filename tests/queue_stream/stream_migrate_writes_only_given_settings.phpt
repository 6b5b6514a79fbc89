--TEST--
RedisQueue::migrate() and the CLI's migrate-queue write no queue setting they were not given: no 30 s visibility, and the workers' max_attempts and backoff stay; an object's own options are written
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../operator/operator_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$raw = new RawRedis();
$meta = function (string $name) use ($raw) {
    $flat = $raw->call('HGETALL', "{Queue:$name}:meta");
    $m = [];
    for ($i = 0; $i < count($flat); $i += 2) {
        if (in_array($flat[$i], ['v', 'm', 'b'], true)) {   // the settings, not the upkeep's bookkeeping
            $m[$flat[$i]] = $flat[$i + 1];
        }
    }
    ksort($m);
    return json_encode($m);
};
$q = rq_queue();

// A queue on the zset layout: migrate() writes nothing, and the first reserve()
// sets the visibility it asks (no second round trip).
$a = rl_name('a');
$q->enqueue($a, ['t1', 't2']);
echo json_encode($q->migrate($a)), "\n";
echo $meta($a), "\n";
$t = $q->reserve($a, 1, 5.0);
echo $t['id'], ' ', $meta($a), "\n";

// A queue whose workers set max attempts and a backoff: migrate() of an object
// without those options, and migrate-queue from the CLI, leave them.
// u2 is queued by a producer of the release before the stream layout (d2e53ad),
// into the zset, for the second migrate() to move.
$b = rl_name('b');
$w = rq_queue(['retry_backoff' => 2]);
$w->enqueue($b, 'u1');
echo json_encode($q->migrate($b)), "\n";
$t = $w->reserve($b, 1, 5.0, 0, 3);
echo $meta($b), "\n";
$old = rl_run_old_php(rl_old_release('d2e53ad'), '(new RedisQueue(rl_dsn()))->enqueue(' . var_export($b, true) . ', "u2");');
echo $old['stdout'], $old['stderr'];
echo json_encode($q->migrate($b)), "\n";
echo $meta($b), "\n";
$r = op_cli(['migrate-queue', $b]);
echo $r['status'], ' ', $meta($b), "\n";

// An object given the options writes its own.
$o = rq_queue(['max_attempts' => 7, 'retry_backoff' => 0.5]);
$o->migrate($b);
echo $meta($b), "\n";
?>
--EXPECT--
{"moved":2,"settled":0,"zset":0,"inflight":0,"layout":"stream"}
[]
t1 {"b":"0","m":"0","v":"5000"}
{"moved":1,"settled":0,"zset":0,"inflight":0,"layout":"stream"}
{"b":"2000","m":"3","v":"5000"}
{"moved":1,"settled":0,"zset":0,"inflight":0,"layout":"stream"}
{"b":"2000","m":"3","v":"5000"}
0 {"b":"2000","m":"3","v":"5000"}
{"b":"500","m":"7","v":"5000"}
