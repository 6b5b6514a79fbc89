--TEST--
Symfony Messenger DeduplicateStamp with leases: the key's lock outlives the sender's lease until a consumer handles the message
--DESCRIPTION--
Symfony Messenger DeduplicateStamp with leases (lock.factory on a RedisLockStore
whose \RedisLock has the watchdog): the key's lock outlives the sender's lease
once the message is sent, so a send of the key stays dropped until a consumer
handles the message and releases it

With leases, the lock DeduplicateMiddleware takes is first a lease of the
sending process (0.3 s here). Serializing the envelope for the transport ends the
lease: the lock keeps the stamp's TTL (300 s) and travels, token and all, to the
consumer that releases it. The sender's \RedisLock then ends (its watchdog would
otherwise renew nothing more, and the lock would lapse within a lease); 1 s
later (three leases) a send of the key is still dropped; a real consumer
process (Symfony's Worker) handles the message and releases the key; the next
send is queued.

DeduplicateStamp exists from Messenger 7.3 (sid: 7.4). On 5.4 (bookworm) and
6.4 (trixie) the test checks that there is none and that the transport queues
both sends; --EXPECTREGEX-- takes either output.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Middleware\DeduplicateMiddleware;

$stampClass = 'Symfony\Component\Messenger\Stamp\DeduplicateStamp';
$name = rl_name();
$transport = sm_transport($name, 'visibility=5&wait=0.2');
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
$raw = new RawRedis();

$leased = sm_send_bus($transport, [new DeduplicateMiddleware(sm_lock_factory(0.3))]);
$leased->dispatch(new SmMessage('first'), [$stamp()]);
rq_check($transport->getMessageCount() === 1, 'the first send is queued');
$pttl = (int) $raw->call('PTTL', "Lock:$key");
rq_check($pttl > 290000, 'once sent, the key keeps the stamp\'s TTL, not the lease', $pttl);
unset($leased);
gc_collect_cycles();
usleep(1000000);
$bus = sm_send_bus($transport, [new DeduplicateMiddleware(sm_lock_factory())]);
$bus->dispatch(new SmMessage('second'), [$stamp()]);
rq_check($transport->getMessageCount() === 1, 'three leases after the sender\'s lock object ended, a send of the key is still dropped');

$log = rq_tmpdir() . '/runs.log';
$worker = sm_spawn('$t = sm_transport(' . var_export($name, true) . ', "visibility=5&wait=0.2");
$log = ' . var_export($log, true) . ';
$handled = 0;
sm_run(sm_worker($t, function (SmMessage $m) use ($log, &$handled) {
    sm_log($log, "start $m->body " . getmypid() . " " . microtime(true));
    sm_log($log, "end $m->body " . getmypid() . " " . microtime(true));
    $handled++;
}, function () use (&$handled) { return $handled >= 1; }, 10, middleware: [new Symfony\Component\Messenger\Middleware\DeduplicateMiddleware(sm_lock_factory())]));');
rq_check(sm_reap([$worker], 15) === [0], 'a consumer handled it and stopped');
rq_check(array_keys(sm_runs($log)) === ['first'], 'the first message ran', sm_runs($log));
rq_check($raw->call('EXISTS', "Lock:$key") === 0, 'the consumer released the key');
$bus->dispatch(new SmMessage('third'), [$stamp()]);
rq_check($transport->getMessageCount() === 1, 'a new send of the key is queued');
?>
--EXPECTREGEX--
(ok: the first send is queued
ok: once sent, the key keeps the stamp's TTL, not the lease
ok: three leases after the sender's lock object ended, a send of the key is still dropped
ok: a consumer handled it and stopped
ok: the first message ran
ok: the consumer released the key
ok: a new send of the key is queued|Messenger before 7\.3: no DeduplicateStamp
ok: without it, both sends are queued)
