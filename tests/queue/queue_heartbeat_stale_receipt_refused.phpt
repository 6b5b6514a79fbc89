--TEST--
RedisQueue with watchdog: an ack(), release() or fail() with a stale receipt is refused and leaves the heartbeat of the current reservation running
--DESCRIPTION--
A refused call changes nothing, on the client either: the object stops renewing a
reservation only when the server accepted the call that ends it (or when the
receipt given is the one the heartbeat carries, or none was given). Here the
worker's reservation is renewed past several visibilities although three calls
with a receipt that is not its own were refused in between.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$worker = rq_queue(['watchdog' => true]);
$other = rq_queue();
$worker->enqueue($name, 'job');
$t = $worker->reserve($name, visibility: 1.5);
$stale = 'ffffffffffffffffffffffffffffffff:1';
var_dump($worker->ack($name, 'job', $stale));
var_dump($worker->release($name, 'job', 0, $stale));
var_dump($worker->fail($name, 'job', $stale));
rq_check(wd_info()['holds'] === '1', 'the watchdog still renews the reservation', wd_info());
$stolen = false;
$end = microtime(true) + 5.0;
while (microtime(true) < $end) {
    $stolen = $stolen || $other->reserve($name, visibility: 5) !== false;
    usleep(50000);
}
rq_check(!$stolen, 'no other worker got the task within 3 visibilities');
var_dump($worker->ack($name, 'job', $t['receipt']));
rq_check(wd_info()['holds'] === '0', 'the accepted ack() stops the renewals', wd_info());
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
ok: the watchdog still renews the reservation
ok: no other worker got the task within 3 visibilities
bool(true)
ok: the accepted ack() stops the renewals
