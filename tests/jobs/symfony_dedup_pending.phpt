--TEST--
Symfony Messenger DeduplicateStamp: a second send of a key is dropped while its message is queued or being handled
--DESCRIPTION--
Symfony Messenger DeduplicateStamp on the redislock transport (lock.factory on
RedisLockStore): a second send of a key while its message is queued or being
handled is dropped, in one round trip; once the message is handled, a new send
of the key is queued

The bus that sends runs Symfony's own DeduplicateMiddleware on a LockFactory over
RedisLockStore, as lock.factory would be, and SendMessageMiddleware to the
redislock transport. The key's lock is taken before the send (SET NX PX, then
the Lock's TTL) and released by the consumer's DeduplicateMiddleware after the
handler (the Key travels in the envelope, with its token). A send of the key
while the lock is held costs one command, the refused SET NX: MONITOR counts
what the sending process's connections send. A real consumer process (Symfony's
Worker) handles the first message for 1.5 s; a send meanwhile is dropped too.

DeduplicateStamp exists from Messenger 7.3 (sid: 7.4). On 5.4 (bookworm) and
6.4 (trixie) the test checks that there is none and that the transport queues
both sends; --EXPECTREGEX-- takes either output.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
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
$stamp = fn () => new $stampClass($key);
$bus = sm_send_bus($transport, [new DeduplicateMiddleware(sm_lock_factory())]);
$monitor = rl_monitor();

$bus->dispatch(new SmMessage('first'), [$stamp()]);
rq_check($transport->getMessageCount() === 1, 'the first send is queued');
rl_monitor_read($monitor);
$bus->dispatch(new SmMessage('second'), [$stamp()]);
$commands = sm_commands(rl_monitor_read($monitor), $key);
rq_check($transport->getMessageCount() === 1, 'a second send while it is queued is dropped');
rq_check(count($commands) === 1 && str_starts_with($commands[0], 'SET '), 'in one round trip (the refused SET NX)', $commands);

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
rl_monitor_read($monitor);
$bus->dispatch(new SmMessage('third'), [$stamp()]);
$commands = sm_commands(rl_monitor_read($monitor), $key);
$size = rq_queue()->size($name);
rq_check($size['due'] === 0 && $size['inflight'] === 1, 'a send while it is being handled is dropped', $size);
rq_check(count($commands) === 1 && str_starts_with($commands[0], 'SET '), 'in one round trip', $commands);
rq_check(sm_reap([$worker], 15) === [0], 'the consumer handled it and stopped');
$runs = sm_runs($log);
rq_check(array_keys($runs) === ['first'] && count($runs['first']) === 1 && $runs['first'][0][1] !== null, 'the first message ran once, to its end', $runs);

$bus->dispatch(new SmMessage('fourth'), [$stamp()]);
$size = rq_queue()->size($name);
rq_check($size['due'] === 1 && $size['inflight'] === 0, 'once it was handled, a new send of the key is queued', $size);
?>
--EXPECTREGEX--
(ok: the first send is queued
ok: a second send while it is queued is dropped
ok: in one round trip \(the refused SET NX\)
ok: a consumer took it
ok: a send while it is being handled is dropped
ok: in one round trip
ok: the consumer handled it and stopped
ok: the first message ran once, to its end
ok: once it was handled, a new send of the key is queued|Messenger before 7\.3: no DeduplicateStamp
ok: without it, both sends are queued)
