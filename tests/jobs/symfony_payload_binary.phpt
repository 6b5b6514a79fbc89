--TEST--
Symfony Messenger transport: messages with every byte value, NULs, invalid UTF-8 and 1 MiB of random bytes reach the handler of Symfony's Worker byte for byte, and each is acked
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$name = rl_name();
$transport = sm_transport($name, 'wait=0.2');
$bodies = [
    'every byte' => implode('', array_map('chr', range(0, 255))),
    'nuls' => "\0\0a\0\0",
    'invalid utf-8' => "\xc3\x28\xff\xfe\"'\\\r\n",
    '1 MiB random' => random_bytes(1 << 20),
    'empty' => '',
];
$n = 0;
foreach ($bodies as $body) {
    $transport->send(new Envelope(new SmMessage($body, $n++)));
}
$seen = [];
$worker = sm_worker($transport, function (SmMessage $m) use (&$seen) {
    $seen[$m->n] = $m->body;
}, function () use (&$seen, $bodies) {
    return count($seen) === count($bodies);
});
sm_run($worker);
$n = 0;
foreach ($bodies as $what => $body) {
    rq_check(($seen[$n] ?? null) === $body, "$what: handled byte for byte", isset($seen[$n]) ? strlen($seen[$n]) : 'not handled');
    $n++;
}
/* The last ack waits for the consumer's next call; the transport's end sends it. */
unset($worker, $transport);
gc_collect_cycles();
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'all acked, the last one by the transport\'s end', $size);
?>
--EXPECT--
ok: every byte: handled byte for byte
ok: nuls: handled byte for byte
ok: invalid utf-8: handled byte for byte
ok: 1 MiB random: handled byte for byte
ok: empty: handled byte for byte
ok: all acked, the last one by the transport's end
