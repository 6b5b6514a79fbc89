--TEST--
Symfony Messenger transport: setup() puts its queue on the stream layout, so send() appends to the stream from the first message; with queue_layout=zset it changes nothing
--DESCRIPTION--
messenger:setup-transports calls setup() on every SetupableTransportInterface.
Ours moves the queue onto the stream layout (RedisQueue::migrate()): a message
sent afterwards is a stream entry, never a zset member, and a worker gets it.
A transport whose connection sets queue_layout=zset (which refuses migrate()) leaves
the queue on the zset: no stream key appears.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Transport\SetupableTransportInterface;

$raw = new RawRedis();
$name = rl_name();
$transport = sm_transport($name, 'wait=0');
rq_check($transport instanceof SetupableTransportInterface, 'the transport is setupable');
$transport->setup();
$transport->send(new Envelope(new SmMessage('hello', 1)));
rq_check($raw->call('XLEN', "{Queue:$name}:stream") === 1 && $raw->call('EXISTS', "Queue:$name") === 0,
    'after setup(), the message is a stream entry, not a zset member',
    [$raw->call('XLEN', "{Queue:$name}:stream"), $raw->call('EXISTS', "Queue:$name")]);
$got = [...$transport->get()];
rq_check(count($got) === 1 && $got[0]->getMessage()->body === 'hello', 'a worker gets it');

$old = rl_name();
$zset = sm_transport($old, 'wait=0&queue_layout=zset');
$zset->setup();
$zset->send(new Envelope(new SmMessage('hi', 2)));
rq_check($raw->call('EXISTS', "{Queue:$old}:stream") === 0 && $raw->call('ZCARD', "Queue:$old") === 1,
    'with queue_layout=zset, setup() leaves the queue on the zset');
?>
--EXPECT--
ok: the transport is setupable
ok: after setup(), the message is a stream entry, not a zset member
ok: a worker gets it
ok: with queue_layout=zset, setup() leaves the queue on the zset
