--TEST--
Symfony Messenger transport: reject() removes the reserved message for good (not redelivered, not dead); ack() or reject() of an envelope that did not come from get() is a LogicException
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\LogicException;

$name = rl_name();
$transport = sm_transport($name, 'wait=0&visibility=0.3');
$transport->send(new Envelope(new SmMessage('no')));
[$envelope] = [...$transport->get()];
$transport->reject($envelope);
usleep(500000);   // longer than the visibility: a message still in flight would be due again
rq_check([...$transport->get()] === [], 'a rejected message is not delivered again');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'nothing is left of it, not even a dead letter', $size);

foreach (['ack', 'reject'] as $method) {
    try {
        $transport->$method(new Envelope(new SmMessage('never sent')));
        echo "FAILED: $method() accepted a foreign envelope\n";
    } catch (LogicException $e) {
        echo "$method(): ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
ok: a rejected message is not delivered again
ok: nothing is left of it, not even a dead letter
ack(): No RedisLockReceivedStamp found on the Envelope.
reject(): No RedisLockReceivedStamp found on the Envelope.
