--TEST--
Symfony Messenger DeduplicateStamp: a consumer SIGKILLed mid-message keeps its key taken only while the message is pending
--DESCRIPTION--
Symfony Messenger DeduplicateStamp on the redislock transport: a consumer
SIGKILLed while handling the message leaves its key taken only while the message
is pending; the message comes back after one visibility, another consumer
handles it, and the next send of the key is queued then, long before the lock's
300 s (under half of them: a loaded machine's slow processes do not cross that)

DeduplicateMiddleware (on a LockFactory over RedisLockStore) takes the key's
lock at the send with Symfony's default TTL of 300 s and releases it on the
consumer after the handler. A consumer killed mid-handler never releases it:
the message is still pending (its reservation lapses after the visibility of
2 s, and it is due again), so a send of the key then is still dropped. A second
consumer process gets the message back, handles it and releases the lock (the
Key, token and all, travels in the envelope); the next send is queued.

DeduplicateStamp exists from Messenger 7.3 (sid: 7.4). On 5.4 (bookworm) and
6.4 (trixie) the test checks that there is none and that a message of a killed
consumer comes back to the next one; --EXPECTREGEX-- takes either output.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$stampClass = 'Symfony\Component\Messenger\Stamp\DeduplicateStamp';
$dedup = class_exists($stampClass);
$name = rl_name();
$key = rl_name('.key');
$transport = sm_transport($name, 'visibility=2&wait=0.2');
$middleware = $dedup ? '[new Symfony\Component\Messenger\Middleware\DeduplicateMiddleware(sm_lock_factory())]' : '[]';
$bus = sm_send_bus($transport, $dedup ? [new Symfony\Component\Messenger\Middleware\DeduplicateMiddleware(sm_lock_factory())] : []);
$stamps = fn () => $dedup ? [new $stampClass($key)] : [];
if (!$dedup) {
    echo "Messenger before 7.3: no DeduplicateStamp\n";
}

$log = rq_tmpdir() . '/runs.log';
$consumer = fn (float $seconds) => '$t = sm_transport(' . var_export($name, true) . ', "visibility=2&wait=0.2");
$log = ' . var_export($log, true) . ';
$handled = 0;
sm_run(sm_worker($t, function (SmMessage $m) use ($log, &$handled) {
    sm_log($log, "start $m->body " . getmypid() . " " . microtime(true));
    for ($end = microtime(true) + ' . $seconds . '; microtime(true) < $end; usleep(50000));
    sm_log($log, "end $m->body " . getmypid() . " " . microtime(true));
    $handled++;
}, function () use (&$handled) { return $handled >= 1; }, 15, middleware: ' . $middleware . '));';

$bus->dispatch(new SmMessage('first'), $stamps());
$first = sm_spawn($consumer(30));
for ($deadline = microtime(true) + 10; microtime(true) < $deadline && sm_runs($log) === []; usleep(20000));
rq_check(isset(sm_runs($log)['first']), 'the first consumer took the message');
$pid = proc_get_status($first)['pid'];
proc_terminate($first, 9);
$killed = microtime(true);
sm_log($log, "kill - $pid $killed");
rq_check(sm_reap([$first], 5) !== [0], 'it was killed mid-handler');
if ($dedup) {
    $bus->dispatch(new SmMessage('second'), $stamps());
    $size = rq_queue()->size($name);
    rq_check($size['due'] + $size['delayed'] + $size['inflight'] === 1, 'a send of the key while its message is still pending is dropped', $size);
}

$second = sm_spawn($consumer(0.2));
rq_check(sm_reap([$second], 20) === [0], 'a second consumer handled the message and stopped');
$runs = sm_runs($log)['first'] ?? [];
rq_check(count($runs) === 2 && $runs[1][0] >= $killed && $runs[1][1] !== null, 'the message ran again, to its end, after the kill', $runs);
$bus->dispatch(new SmMessage('third'), $stamps());
$after = microtime(true) - $killed;
$size = rq_queue()->size($name);
rq_check($size['due'] === 1 && $size['inflight'] === 0 && $after < 150, 'the next send of the key is queued long before the lock\'s 300 s', [$size, $after]);
?>
--EXPECTREGEX--
((Messenger before 7\.3: no DeduplicateStamp
)?ok: the first consumer took the message
ok: it was killed mid-handler
(ok: a send of the key while its message is still pending is dropped
)?ok: a second consumer handled the message and stopped
ok: the message ran again, to its end, after the kill
ok: the next send of the key is queued long before the lock's 300 s)
