--TEST--
Symfony Messenger transport beside 0.2.0: a message sent with a trace context is handled by a 0.2.0 consumer, and one 0.2.0 sends reaches this release with no context
--DESCRIPTION--
During a rolling deploy, producers of this release and consumers of 0.2.0 (its
extension and its bridge) share a queue. The trace context goes beside the
encoded envelope, as the headers "traceparent" and "tracestate", not as a stamp
class 0.2.0 lacks (PhpSerializer would refuse the message as undecodable, and
the consumer would move it to the dead letters). The other way, a message of
0.2.0 has no such headers: this release's consumer handles it with none.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    echo "skip $why";
}
?>
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';

use RedisLock\Bridge\TraceContext;
use Symfony\Component\Messenger\Envelope;

$so = rl_old_release('d2e53ad');
$oldBridge = dirname($so, 2) . '/bridge/autoload.php';
$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
$name = rl_name();
$dsn = sm_dsn($name, 'wait=0');

$old = function (string $body) use ($so, $oldBridge, $dsn): array {
    return rl_run_old_php($so, 'foreach (["/usr/share/php/Psr/Container/autoload.php", "/usr/share/php/Symfony/Contracts/Service/autoload.php",'
        . ' "/usr/share/php/Symfony/Component/Messenger/autoload.php", ' . var_export($oldBridge, true) . '] as $f) { if (is_file($f)) { require_once $f; } }'
        . ' final class SmMessage { public function __construct(public string $body, public int $n = 0) {} }'
        . ' $t = (new RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory())->createTransport(' . var_export($dsn, true)
        . ', ["transport_name" => "async"], new Symfony\Component\Messenger\Transport\Serialization\PhpSerializer());'
        . $body);
};

// This release sends, traced; 0.2.0 receives, handles (here: reads) and acks.
TraceContext::set(TraceContext::parse($tp, 'congo=t61rcWkgMzE'));
sm_transport($name)->send(new Envelope(new SmMessage('from this release')));
TraceContext::set(null);
$r = $old('foreach ($t->get() as $e) { echo get_class($e->getMessage()), " ", $e->getMessage()->body, "\n"; $t->ack($e); }');
echo '0.2.0 got: ', trim($r['stdout']), $r['stderr'] !== '' ? ' (' . trim($r['stderr']) . ')' : '', "\n";
$size = rq_queue()->size($name);
echo 'left: ', json_encode($size), "\n";

// 0.2.0 sends; this release receives it with no context.
$r = $old('$t->send(new Symfony\Component\Messenger\Envelope(new SmMessage("from 0.2.0")));');
$transport = sm_transport($name, 'wait=0');
foreach ($transport->get() as $envelope) {
    echo 'this release got: ', $envelope->getMessage()->body, ', context: ', TraceContext::current()?->traceparent ?? 'none', "\n";
    $transport->ack($envelope);
}
?>
--EXPECT--
0.2.0 got: SmMessage from this release
left: {"due":0,"delayed":0,"inflight":0,"dead":0}
this release got: from 0.2.0, context: none
