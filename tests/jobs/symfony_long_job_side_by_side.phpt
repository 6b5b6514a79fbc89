--TEST--
Symfony Messenger, side by side: a handler 3x longer than the visibility runs exactly once on the redislock transport, twice on Symfony's Redis one
--DESCRIPTION--
Symfony Messenger, side by side: a handler that runs 3 s, 3x the visibility of 1
s, with 2 worker processes (Symfony's Worker) runs exactly once on the redislock
transport (the watchdog renews the reservation); on Symfony's own Redis
transport (phpredis, redeliver_timeout 1, the same workers) the other worker
claims it, it runs twice at once, and the second ack kills its worker
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$name = rl_name();
$stream = rl_name('.stream');
$dir = rq_tmpdir();
$log = "$dir/runs.log";
$handler = 'function (SmMessage $m) use ($log, $kind) {
    sm_log($log, "start $kind " . getmypid() . " " . microtime(true));
    sleep(3);
    sm_log($log, "end $kind " . getmypid() . " " . microtime(true));
}';
$common = '$log = ' . var_export($log, true) . ";\n";

// Symfony's transport: the group and the message first, from one process.
$setup = sm_spawn($common . 'sm_symfony_redis_transport(' . var_export($stream, true) . ', "setup")->send(new Symfony\Component\Messenger\Envelope(new SmMessage("long")));', true);
rq_check(sm_reap([$setup], 10) === [0], 'the message is on Symfony\'s Redis transport');
sm_transport($name)->send(new Envelope(new SmMessage('long')));

$procs = [];
for ($i = 0; $i < 2; $i++) {
    $procs[] = sm_spawn($common . '$kind = "ours";
        $t = sm_transport(' . var_export($name, true) . ', "visibility=1&wait=0.2");
        sm_run(sm_worker($t, ' . $handler . ', fn () => false, 6.5));');
    $procs[] = sm_spawn($common . '$kind = "symfony";
        $t = sm_symfony_redis_transport(' . var_export($stream, true) . ', "worker-' . $i . '", "redeliver_timeout=1&claim_interval=100&delete_after_ack=1");
        sm_run(sm_worker($t, ' . $handler . ', fn () => false, 6.5));', true, "$dir/symfony-$i.out");
}
$codes = sm_reap($procs, 30);
rq_check($codes[0] === 0 && $codes[2] === 0, 'redislock: both workers stopped by themselves', $codes);
$outputs = file_get_contents("$dir/symfony-0.out") . file_get_contents("$dir/symfony-1.out");
rq_check(in_array(255, [$codes[1], $codes[3]], true) && str_contains($outputs, 'Could not acknowledge redis message'),
    'Symfony\'s Redis transport: the worker that ran it second died on its ack (TransportException)', [$codes, $outputs]);
$runs = sm_runs($log);
$ours = $runs['ours'] ?? [];
$theirs = $runs['symfony'] ?? [];
rq_check(count($ours) === 1 && $ours[0][1] !== null && $ours[0][1] - $ours[0][0] >= 3, 'redislock: the handler ran exactly once, to its end', $runs);
rq_check(count($theirs) > 1, 'Symfony\'s Redis transport: the handler ran more than once', $runs);
rq_check(sm_overlaps(['symfony' => $theirs]) !== [], 'and its runs overlapped: two workers ran it at the same time', $theirs);
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'redislock: the message was acked', $size);
?>
--EXPECT--
ok: the message is on Symfony's Redis transport
ok: redislock: both workers stopped by themselves
ok: Symfony's Redis transport: the worker that ran it second died on its ack (TransportException)
ok: redislock: the handler ran exactly once, to its end
ok: Symfony's Redis transport: the handler ran more than once
ok: and its runs overlapped: two workers ran it at the same time
ok: redislock: the message was acked
