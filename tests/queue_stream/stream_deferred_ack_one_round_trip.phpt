--TEST--
RedisQueue stream layout: with ack(..., defer: true) a worker loop costs one round trip per job: the ack goes in the same write as the next reserve() (server write events and commands counted)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: its write events and command counts are the test's alone. */
$srv = new FaultServer();
$raw = $srv->raw();
$q = new RedisQueue($srv->options());
$name = rl_name();

function writes(RawRedis $raw): int
{
    preg_match('/^total_writes_processed:(\d+)/m', $raw->call('INFO', 'stats'), $m);
    return (int) $m[1];
}

$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, array_map(fn($i) => "job-$i", range(0, 40)));
$t = $q->reserve($name);
$q->ack($name, $t['id'], $t['receipt']);
$w0 = writes($raw);
$e0 = rq_cmd_calls($raw, 'evalsha');
$x0 = rq_cmd_calls($raw, 'xreadgroup');
$t0 = rq_server_time($raw);
for ($i = 0; $i < 20; $i++) {
    $t = $q->reserve($name);
    var_dump($q->ack($name, $t['id'], $t['receipt'], true)) ?: null;
}
$took = rq_server_time($raw) - $t0;
$trips = writes($raw) - $w0 - 3;          // minus the INFO that read $w0 and the two TIMEs
$reads = rq_cmd_calls($raw, 'xreadgroup') - $x0;
$scripts = rq_cmd_calls($raw, 'evalsha') - $e0;
/* The upkeep runs once a second of the loop, however long a loaded machine makes it. */
$upkeep = (int) ceil($took) + 1;
rq_check($trips <= 20 + 3 + max(0, $scripts - 20), 'one round trip per job (20 jobs)', [$trips, $scripts]);
rq_check($reads === 20, 'one XREADGROUP per job', $reads);
rq_check($scripts >= 19 && $scripts <= 20 + $upkeep, 'one ack script per job, plus the upkeep once a second', [$scripts, $took]);
// Without defer: two round trips per job.
$w0 = writes($raw);
for ($i = 0; $i < 10; $i++) {
    $t = $q->reserve($name);
    $q->ack($name, $t['id'], $t['receipt']);
}
$trips = writes($raw) - $w0 - 1;
rq_check($trips >= 20, 'an ack sent at once is a round trip of its own', $trips);
?>
--EXPECTREGEX--
(bool\(true\)\n){20}ok: one round trip per job \(20 jobs\)
ok: one XREADGROUP per job
ok: one ack script per job, plus the upkeep once a second
ok: an ack sent at once is a round trip of its own
