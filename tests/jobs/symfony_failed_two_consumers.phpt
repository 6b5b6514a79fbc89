--TEST--
Symfony Messenger failure transport (?dead=1): two messenger:consume processes on it hand each dead letter to one of them only, once, never to both at the same time
--DESCRIPTION--
Two real worker processes (Symfony's Worker on the failure transport, as
`messenger:consume failed` runs it) take 12 dead letters whose handler takes
150 ms. Each get() claims the dead letter it hands out, so the other worker
skips it; ack() removes it and frees the claim. Every message runs exactly
once, and no two runs of one message overlap.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\SentToFailureTransportStamp;

$name = rl_name('.failed');
$failed = sm_transport($name, 'dead=1');
$count = 12;
for ($i = 0; $i < $count; $i++) {
    $failed->send(new Envelope(new SmMessage("m$i", $i), [new SentToFailureTransportStamp('async')]));
}
rq_check($failed->getMessageCount() === $count, "$count dead letters wait");

$log = rq_tmpdir() . '/runs.log';
$code = '$failed = sm_transport(' . var_export($name, true) . ', "dead=1");
$log = ' . var_export($log, true) . ';
sm_run(sm_worker($failed, function (SmMessage $m) use ($log) {
    sm_log($log, "start $m->n " . getmypid() . " " . microtime(true));
    usleep(150000);
    sm_log($log, "end $m->n " . getmypid() . " " . microtime(true));
}, fn () => $failed->getMessageCount() === 0, 20));
echo "worker done\n";';
$procs = [sm_spawn($code), sm_spawn($code)];
$codes = sm_reap($procs, 30);
rq_check($codes === [0, 0], 'both workers ended by themselves', $codes);

$runs = sm_runs($log);
ksort($runs);
$counts = array_map('count', $runs);
rq_check(array_keys($runs) === range(0, $count - 1) && array_unique($counts) === [1], 'every message ran exactly once', $counts);
rq_check(sm_overlaps($runs) === [], 'no message ran in both workers at once', sm_overlaps($runs));
$size = rq_queue()->size($name);
rq_check($size['dead'] === 0, 'the dead letters are gone', $size);
?>
--EXPECT--
ok: 12 dead letters wait
worker done
worker done
ok: both workers ended by themselves
ok: every message ran exactly once
ok: no message ran in both workers at once
ok: the dead letters are gone
