--TEST--
RedisQueue::migrate() and the CLI's migrate-queue write no queue setting they were not given: no 30 s visibility, and the workers' max_attempts and backoff stay; an object's own options are written
--FILE--
<?php
require __DIR__ . '/../operator/operator_test.inc';
$raw = new RawRedis();
$meta = function (string $name) use ($raw) {
    $flat = $raw->call('HGETALL', "{Queue:$name}:meta");
    $m = [];
    for ($i = 0; $i < count($flat); $i += 2) {
        $m[$flat[$i]] = $flat[$i + 1];
    }
    ksort($m);
    return json_encode($m);
};
$old = rq_queue(['queue_layout' => 'zset']);

// A queue no worker of the stream layout has set up: migrate() writes nothing,
// and the first reserve() sets the visibility it asks (no second round trip).
$a = rl_name('a');
$old->enqueue($a, ['t1', 't2']);
$q = rq_queue();
echo json_encode($q->migrate($a)), "\n";
echo $meta($a), "\n";
$t = $q->reserve($a, 1, 5.0);
echo $t['id'], ' ', $meta($a), "\n";

// A queue whose workers set max attempts and a backoff: migrate() of an object
// without those options, and migrate-queue from the CLI, leave them.
$b = rl_name('b');
$w = rq_queue(['retry_backoff' => 2]);
$w->enqueue($b, 'u1');
$t = $w->reserve($b, 1, 5.0, 0, 3);
echo $meta($b), "\n";
$old->enqueue($b, 'u2');
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
{"b":"2000","m":"3","v":"5000"}
{"moved":1,"settled":0,"zset":0,"inflight":0,"layout":"stream"}
{"b":"2000","m":"3","v":"5000"}
0 {"b":"2000","m":"3","v":"5000"}
{"b":"500","m":"7","v":"5000"}
