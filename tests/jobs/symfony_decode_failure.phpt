--TEST--
Symfony Messenger transport: a payload that is not an envelope throws MessageDecodingFailedException and goes to the dead letters untouched
--DESCRIPTION--
Symfony Messenger transport: a task whose payload is not an envelope (none,
garbage, a serialized object) makes get() throw MessageDecodingFailedException
and goes to the queue's dead letters with its payload untouched, so it is never
delivered again; no object is ever unserialized from a payload
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Exception\MessageDecodingFailedException;

final class SmTrap
{
    public function __wakeup(): void
    {
        echo "FAILED: an object was unserialized from a payload\n";
    }
}

$name = rl_name();
$queue = rq_queue();
$transport = sm_transport($name, 'wait=0');
$bad = ['none' => null, 'garbage' => "\x00not serialized\xff", 'object' => serialize(new SmTrap())];
foreach ($bad as $id => $payload) {
    $queue->enqueue($name, $id, payload: $payload);
    try {
        [...$transport->get()];
        echo "FAILED: $id was delivered\n";
    } catch (MessageDecodingFailedException $e) {
        echo "$id: ", $e->getMessage(), "\n";
    }
}
$dead = [];
foreach ($queue->dead($name) as $letter) {
    $dead[$letter['id']] = $letter['payload'] ?? null;
}
ksort($dead);
$expected = $bad;
ksort($expected);
rq_check($dead === $expected, 'all three are dead letters, payloads untouched', $dead);
rq_check([...$transport->get()] === [] && $queue->size($name)['inflight'] === 0, 'none is delivered again or left in flight');
?>
--EXPECTF--
none: Task "none" of queue "%s" carries no message envelope.
garbage: Task "garbage" of queue "%s" carries no message envelope.
object: Task "object" of queue "%s" carries no message envelope.
ok: all three are dead letters, payloads untouched
ok: none is delivered again or left in flight
