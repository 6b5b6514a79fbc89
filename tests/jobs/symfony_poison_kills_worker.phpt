--TEST--
Symfony Messenger transport: a message that kills its worker goes to the dead letters by itself after max_attempts deliveries
--DESCRIPTION--
Symfony Messenger transport: a message that kills its worker (SIGKILL inside the
handler, so Messenger's retry never runs) is delivered max_attempts (2) times,
then goes to the dead letters by itself: the failure transport (?dead=1) lists
it with its payload, and the queue is free for the next message
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\ErrorDetailsStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;

$name = rl_name();
$dir = rq_tmpdir();
$log = "$dir/runs.log";
$transport = sm_transport($name, 'wait=0');
$failed = sm_transport($name, 'dead=1');
$id = $transport->send(new Envelope(new SmMessage('deadly')))->last(TransportMessageIdStamp::class)->getId();
$transport->send(new Envelope(new SmMessage('fine')));
$code = '$log = ' . var_export($log, true) . ';
$t = sm_transport(' . var_export($name, true) . ', "visibility=0.5&wait=0.2&max_attempts=2");
sm_run(sm_worker($t, function (SmMessage $m) use ($log) {
    sm_log($log, "start {$m->body} " . getmypid() . " " . microtime(true));
    if ($m->body === "deadly") {
        exec("kill -KILL " . getmypid());
        sleep(5);
    }
    sm_log($log, "end {$m->body} " . getmypid() . " " . microtime(true));
}, fn () => false, 3));';
$codes = [];
$deadline = microtime(true) + 30;
while ($failed->getMessageCount() === 0 && microtime(true) < $deadline && count($codes) < 6) {
    $codes = array_merge($codes, sm_reap([sm_spawn($code)], 10));
}
$runs = sm_runs($log);
rq_check(count($runs['deadly'] ?? []) === 2, 'the deadly message was delivered twice (max_attempts 2)', $runs);
rq_check(count(array_filter($codes, fn ($c) => $c !== 0)) >= 2, 'and killed its worker each time', $codes);
$ended = array_filter($runs['fine'] ?? [], fn ($r) => $r[1] !== null);
rq_check(count($ended) === 1, 'the other message was handled once', $runs);
[$envelope] = [...$failed->get()];
rq_check($envelope->last(TransportMessageIdStamp::class)->getId() === $id && $envelope->getMessage()->body === 'deadly', 'the failure transport holds it, payload and all');
rq_check($envelope->last(ErrorDetailsStamp::class) === null, 'with no error details: no PHP code saw it fail');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 1], 'nothing else is left', $size);
$failed->reject($envelope);
rq_check($failed->getMessageCount() === 0, 'reject() on the failure transport removes the dead letter');
?>
--EXPECT--
ok: the deadly message was delivered twice (max_attempts 2)
ok: and killed its worker each time
ok: the other message was handled once
ok: the failure transport holds it, payload and all
ok: with no error details: no PHP code saw it fail
ok: nothing else is left
ok: reject() on the failure transport removes the dead letter
