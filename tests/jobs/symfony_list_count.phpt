--TEST--
Symfony Messenger transport: getMessageCount(), all() and find() see the messages waiting, not those in flight
--DESCRIPTION--
Symfony Messenger transport: getMessageCount() counts the messages waiting, due
and delayed, not those in flight; all() lists the due ones, next first, up to
its limit, and find() finds a due one by id and nothing for an unknown id
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\DelayStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;

$name = rl_name();
$transport = sm_transport($name, 'wait=0');
$ids = [];
for ($n = 0; $n < 3; $n++) {
    $ids[] = $transport->send(new Envelope(new SmMessage('due', $n)))->last(TransportMessageIdStamp::class)->getId();
    usleep(2000);
}
$transport->send(new Envelope(new SmMessage('later'), [new DelayStamp(60000)]));
rq_check($transport->getMessageCount() === 4, 'three due and one delayed: 4', $transport->getMessageCount());
$listed = array_map(fn (Envelope $e) => $e->getMessage()->n, [...$transport->all()]);
rq_check($listed === [0, 1, 2], 'all() lists the due ones in order', $listed);
$listed = array_map(fn (Envelope $e) => $e->last(TransportMessageIdStamp::class)->getId(), [...$transport->all(2)]);
rq_check($listed === array_slice($ids, 0, 2), 'all(2) the first two');
rq_check($transport->find($ids[1])?->getMessage()->n === 1 && $transport->find('nope') === null, 'find() by id');
[$got] = [...$transport->get()];
rq_check($transport->getMessageCount() === 3, 'one in flight is not counted', $transport->getMessageCount());
$transport->ack($got);
rq_check($transport->getMessageCount() === 3, 'nor once acked');
?>
--EXPECT--
ok: three due and one delayed: 4
ok: all() lists the due ones in order
ok: all(2) the first two
ok: find() by id
ok: one in flight is not counted
ok: nor once acked
