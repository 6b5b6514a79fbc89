--TEST--
RedisQueue with watchdog: two reserved ids that agree up to a NUL byte (pack('J', 1) and pack('J', 2)) are both renewed; neither is handed to another worker
--DESCRIPTION--
The object keeps one heartbeat per reservation, keyed by the queue name and the
id. The key is built from the bytes of both, so ids that differ only after a NUL
byte are two entries, and both reservations outlive several visibilities while
the worker lives.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$worker = rq_queue(['watchdog' => true]);
$other = rq_queue();
$a = pack('J', 1);
$b = pack('J', 2);
$worker->enqueue($name, [$a, $b]);
$got = $worker->reserve($name, 2, visibility: 1.5);
rq_check(count($got) === 2, 'the worker reserved both ids');
rq_check(wd_info()['holds'] === '2', 'the watchdog renews two reservations', wd_info());
$stolen = [];
$end = microtime(true) + 6.0;
while (microtime(true) < $end) {
    $t = $other->reserve($name, visibility: 5);
    if ($t !== false) {
        $stolen[] = bin2hex($t['id']);
    }
    usleep(50000);
}
rq_check($stolen === [], 'no other worker got either task within 4 visibilities', $stolen);
foreach ($got as $t) {
    var_dump($worker->ack($name, $t['id'], $t['receipt']));
}
?>
--EXPECT--
ok: the worker reserved both ids
ok: the watchdog renews two reservations
ok: no other worker got either task within 4 visibilities
bool(true)
bool(true)
