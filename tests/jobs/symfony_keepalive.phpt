--TEST--
Symfony Messenger: messenger:consume --keepalive keeps the reservation of a long handler without the watchdog
--DESCRIPTION--
Symfony Messenger: messenger:consume --keepalive keeps the reservation of a
message whose handler runs 7 s, over twice the visibility of 3 s, without the
watchdog: a second consumer process never gets it, and it is acked once

Two real consumer processes run Symfony's own ConsumeMessagesCommand on the
redislock transport with `visibility=3&watchdog=0`: nothing but the keepalive
renews a reservation. The first takes the message (its handler runs 7 s); the
second starts while it works and consumes for 9 s. With `--keepalive=1`, the
command's SIGALRM every second calls the transport's keepalive(), a
receipt-checked touch() of the reservation: the handler runs once, in the first
consumer, and the queue is empty afterwards (acked once, by its reservation).
Without keepalive() the second consumer would take the message after 3 s.

KeepaliveReceiverInterface and `--keepalive` exist from Messenger 7.2 (sid:
7.4). On 5.4 (bookworm) and 6.4 (trixie) the test checks that the transport
still loads and is no KeepaliveReceiverInterface there (Messenger has none), and
runs the same two consumers without `--keepalive` and with the transport's
default watchdog, which keeps the reservation instead: the expected output is
the same on every row.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$interface = 'Symfony\Component\Messenger\Transport\Receiver\KeepaliveReceiverInterface';
$keepalive = interface_exists($interface);
$name = rl_name();
$query = 'visibility=3&wait=0.2' . ($keepalive ? '&watchdog=0' : '');
$transport = sm_transport($name, $query);
rq_check(($transport instanceof $interface) === $keepalive, 'the transport is a KeepaliveReceiverInterface exactly where Messenger has one');
$transport->send(new Envelope(new SmMessage('long')));

$log = rq_tmpdir() . '/runs.log';
$consumer = fn (array $options) => '$t = sm_transport(' . var_export($name, true) . ', ' . var_export($query, true) . ');
$log = ' . var_export($log, true) . ';
exit(sm_consume($t, function (SmMessage $m) use ($log) {
    sm_log($log, "start long " . getmypid() . " " . microtime(true));
    // usleep() in small steps: a signal (the keepalive alarm) cuts a sleep short.
    for ($end = microtime(true) + 7; microtime(true) < $end; usleep(50000));
    sm_log($log, "end long " . getmypid() . " " . microtime(true));
}, ' . var_export($options + ($keepalive ? ['--keepalive' => '1'] : []), true) . '));';

$first = sm_spawn($consumer(['--limit' => 1, '--time-limit' => 20, '--sleep' => 0.05]), console: true);
for ($deadline = microtime(true) + 10; microtime(true) < $deadline && sm_runs($log) === []; usleep(20000));
rq_check(sm_runs($log) !== [], 'the first consumer took the message');
$second = sm_spawn($consumer(['--time-limit' => 9, '--sleep' => 0.05]), console: true);
$pid = proc_get_status($first)['pid'];
$codes = sm_reap([$first, $second], 30);
rq_check($codes === [0, 0], 'both consumers ended by themselves', $codes);

$runs = sm_runs($log)['long'] ?? [];
rq_check(count($runs) === 1 && $runs[0][1] !== null && $runs[0][1] - $runs[0][0] >= 7, 'the handler ran once, to its end', $runs);
rq_check(str_contains(file_get_contents($log), "start long $pid "), 'in the first consumer', file_get_contents($log));
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the message was acked', $size);
?>
--EXPECT--
ok: the transport is a KeepaliveReceiverInterface exactly where Messenger has one
ok: the first consumer took the message
ok: both consumers ended by themselves
ok: the handler ran once, to its end
ok: in the first consumer
ok: the message was acked
