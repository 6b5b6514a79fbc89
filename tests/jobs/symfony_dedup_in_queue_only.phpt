--TEST--
Symfony Messenger DeduplicateStamp(onlyDeduplicateInQueue: true): a second send of the key is dropped only while the message is queued
--DESCRIPTION--
Symfony Messenger DeduplicateStamp(onlyDeduplicateInQueue: true) on the
redislock transport: a second send of the key is dropped while its message is
queued, and queued once a consumer has taken the first

With onlyDeduplicateInQueue, the consumer's DeduplicateMiddleware releases the
key's lock when the message is received, before the handler: a send while it is
queued is dropped, a send while it is being handled (1.5 s, in a real consumer
process) is queued. The bus runs Symfony's own DeduplicateMiddleware on a
LockFactory over RedisLockStore.

DeduplicateStamp exists from Messenger 7.3 (sid: 7.4). On 5.4 (bookworm) and
6.4 (trixie) the test checks that there is none and that the transport queues
both sends; --EXPECTREGEX-- takes either output.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Middleware\DeduplicateMiddleware;

$stampClass = 'Symfony\Component\Messenger\Stamp\DeduplicateStamp';
$name = rl_name();
$transport = sm_transport($name, 'visibility=2&wait=0.2');
if (!class_exists($stampClass)) {
    echo "Messenger before 7.3: no DeduplicateStamp\n";
    $bus = sm_send_bus($transport);
    $bus->dispatch(new SmMessage('first'));
    $bus->dispatch(new SmMessage('second'));
    rq_check($transport->getMessageCount() === 2, 'without it, both sends are queued');
    exit;
}
$key = rl_name('.key');
$stamp = fn () => new $stampClass($key, 300.0, true);
$bus = sm_send_bus($transport, [new DeduplicateMiddleware(sm_lock_factory())]);

$bus->dispatch(new SmMessage('first'), [$stamp()]);
$bus->dispatch(new SmMessage('second'), [$stamp()]);
rq_check($transport->getMessageCount() === 1, 'a second send while the first is queued is dropped');

$log = rq_tmpdir() . '/runs.log';
$worker = sm_spawn('$t = sm_transport(' . var_export($name, true) . ', "visibility=2&wait=0.2");
$log = ' . var_export($log, true) . ';
$handled = 0;
sm_run(sm_worker($t, function (SmMessage $m) use ($log, &$handled) {
    sm_log($log, "start $m->body " . getmypid() . " " . microtime(true));
    usleep(1500000);
    sm_log($log, "end $m->body " . getmypid() . " " . microtime(true));
    $handled++;
}, function () use (&$handled) { return $handled >= 1; }, 10, middleware: [new Symfony\Component\Messenger\Middleware\DeduplicateMiddleware(sm_lock_factory())]));');
for ($deadline = microtime(true) + 10; microtime(true) < $deadline && sm_runs($log) === []; usleep(20000));
rq_check(isset(sm_runs($log)['first']), 'a consumer took it');
$bus->dispatch(new SmMessage('third'), [$stamp()]);
$size = rq_queue()->size($name);
rq_check($size['due'] === 1 && $size['inflight'] === 1, 'a send while it is being handled is queued', $size);
rq_check(sm_reap([$worker], 15) === [0], 'the consumer handled it and stopped');
$runs = sm_runs($log);
rq_check(array_keys($runs) === ['first'] && count($runs['first']) === 1, 'the first message ran once', $runs);
?>
--EXPECTREGEX--
(ok: a second send while the first is queued is dropped
ok: a consumer took it
ok: a send while it is being handled is queued
ok: the consumer handled it and stopped
ok: the first message ran once|Messenger before 7\.3: no DeduplicateStamp
ok: without it, both sends are queued)
