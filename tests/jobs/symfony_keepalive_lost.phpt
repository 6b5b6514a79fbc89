--TEST--
Symfony Messenger: keepalive() extends only its own reservation, and throws TransportException once another consumer took the message
--DESCRIPTION--
Symfony Messenger: the redislock transport's keepalive() extends only its own
reservation: after the reservation lapsed and another consumer took the message,
keepalive() with the old envelope throws TransportException and leaves the new
reservation alone; an interval not shorter than the visibility throws too

keepalive() is what `messenger:consume --keepalive` calls (Messenger 7.2+,
through KeepaliveReceiverInterface); the method is there on every version, so
this test runs on 5.4, 6.4 and 7.4 alike. Two transports (two consumers) on one
queue, `visibility=1&watchdog=0`: the first gets the message, its reservation
lapses, the second gets it. The first one's keepalive() is a touch() checked
against its receipt: refused, with Messenger's TransportException (what
Symfony's Redis transport throws from its keepalive); the second one's
reservation keeps its deadline. The second consumer's keepalive() extends its
own reservation to one visibility from now.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\TransportException;

$name = rl_name();
$first = sm_transport($name, 'visibility=1&wait=0&watchdog=0');
$second = sm_transport($name, 'visibility=1&wait=0&watchdog=0');
$first->setup();                           // messenger:setup-transports: the queue onto the stream layout
$first->send(new Envelope(new SmMessage('m')));
[$mine] = $first->get();
$first->keepalive($mine, null);
rq_check(true, 'keepalive() of a reservation still held returns');
usleep(1200000);
[$theirs] = $second->get();
rq_check($theirs->getMessage()->body === 'm', 'after one visibility the second consumer has the message');
$raw = new RawRedis();
$id = $theirs->last(RedisLock\Bridge\Symfony\Messenger\RedisLockReceivedStamp::class)->getId();
/* The reservation's deadline by the server's clock (s): its PEL entry's idle time
 * reaches the queue's visibility (the meta's v, ms) then; null when it has none. */
$deadline = function () use ($raw, $name, $id): ?float {
    $eid = $raw->call('HGET', '{Queue:' . $name . '}:index', $id);
    $pending = is_string($eid) ? $raw->call('XPENDING', '{Queue:' . $name . '}:stream', 'rl', $eid, $eid, '1') : [];
    if ($pending === []) {
        return null;
    }
    $v = (int) $raw->call('HGET', '{Queue:' . $name . '}:meta', 'v');
    return rq_server_time($raw) + ($v - (int) $pending[0][2]) / 1000;
};
$before = $deadline();
try {
    $first->keepalive($mine, null);
    echo "FAILED: the old reservation was kept alive\n";
} catch (TransportException $e) {
    echo 'ok: the first consumer\'s keepalive() throws ', get_class($e), ': ', $e->getMessage(), "\n";
}
$after = $deadline();
rq_check($before !== null && $after !== null && abs($after - $before) < 0.01, 'and leaves the second consumer\'s reservation as it was', [$before, $after]);
usleep(300000);
$second->keepalive($theirs, null);
rq_check($deadline() !== null && $deadline() > $before + 0.2, 'the second consumer\'s keepalive() extends its own reservation', [$before, $deadline()]);
try {
    $second->keepalive($theirs, 1);
    echo "FAILED: an interval as long as the visibility was accepted\n";
} catch (TransportException $e) {
    echo 'ok: an interval not shorter than the visibility throws ', get_class($e), ': ', $e->getMessage(), "\n";
}
$second->ack($theirs);
/* The ack goes in the same write as the consumer's next get(). */
rq_check([...$second->get()] === [], 'the second consumer\'s next get() finds nothing');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the second consumer acked it', $size);
?>
--EXPECTF--
ok: keepalive() of a reservation still held returns
ok: after one visibility the second consumer has the message
ok: the first consumer's keepalive() throws Symfony\Component\Messenger\Exception\TransportException: Message "%x" of queue "%s" is no longer reserved by this consumer (its reservation expired, and another consumer may have it now): it was not kept alive.
ok: and leaves the second consumer's reservation as it was
ok: the second consumer's keepalive() extends its own reservation
ok: an interval not shorter than the visibility throws Symfony\Component\Messenger\Exception\TransportException: The visibility of queue "%s" (1s) must be longer than the keepalive interval (1s): a reservation would lapse between two keepalives.
ok: the second consumer's next get() finds nothing
ok: the second consumer acked it
