--TEST--
Symfony Messenger transport: send() enqueues, get() reserves and ack() finishes a message
--DESCRIPTION--
Symfony Messenger transport: send() enqueues the envelope with a
TransportMessageIdStamp; get() reserves it (a second get() sees nothing while it
is in flight) with that id and a receipt; ack() finishes it (the ack goes with
the consumer's next get()) and the queue is empty
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use RedisLock\Bridge\Symfony\Messenger\RedisLockReceivedStamp;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;

$name = rl_name();
$transport = sm_transport($name, 'wait=0');
$sent = $transport->send(new Envelope(new SmMessage('hello', 7)));
$id = $sent->last(TransportMessageIdStamp::class)->getId();
rq_check(is_string($id) && preg_match('/^[0-9a-f]{32}$/', $id) === 1, 'send() stamps a 128-bit hex id', $id);
rq_check($transport->getMessageCount() === 1, 'getMessageCount() counts the message', $transport->getMessageCount());

$got = [...$transport->get()];
rq_check(count($got) === 1, 'get() returns one envelope', count($got));
$envelope = $got[0];
$message = $envelope->getMessage();
rq_check($message instanceof SmMessage && $message->body === 'hello' && $message->n === 7, 'the message comes back equal', $message);
rq_check($envelope->last(TransportMessageIdStamp::class)->getId() === $id, 'with the id send() gave it');
$stamp = $envelope->last(RedisLockReceivedStamp::class);
rq_check($stamp->getId() === $id && $stamp->getQueue() === $name && $stamp->getReceipt() !== null && $stamp->getAttempts() === 1, 'and a stamp with its queue, id, receipt and attempt', $stamp);
rq_check($transport->getMessageCount() === 0, 'in flight, it is no longer counted as waiting');
rq_check([...$transport->get()] === [], 'nor handed to a second get()');

$transport->ack($envelope);
/* The ack goes in the same write as the consumer's next get(). */
rq_check([...$transport->get()] === [], 'the next get() finds nothing');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'ack() finished it by then: the queue is empty', $size);
?>
--EXPECT--
ok: send() stamps a 128-bit hex id
ok: getMessageCount() counts the message
ok: get() returns one envelope
ok: the message comes back equal
ok: with the id send() gave it
ok: and a stamp with its queue, id, receipt and attempt
ok: in flight, it is no longer counted as waiting
ok: nor handed to a second get()
ok: the next get() finds nothing
ok: ack() finished it by then: the queue is empty
