--TEST--
RedisQueue stream layout with watchdog: the heartbeat of a reservation whose ack is deferred keeps renewing it until the ack is sent with the next reserve()
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$worker = rq_queue(['watchdog' => true]);
$other = rq_queue();
$worker->migrate($name);                      // onto the stream layout
$worker->enqueue($name, 'j');
$t = $worker->reserve($name, 1, 1.0);
var_dump($worker->ack($name, 'j', $t['receipt'], true));
rq_check(wd_info()['holds'] === '1', 'still renewed while the ack waits', wd_info());
$stolen = false;
$end = microtime(true) + 3.0;
while (microtime(true) < $end) {
    $stolen = $stolen || $other->reserve($name, 1, 1.0) !== false;
    usleep(50000);
}
rq_check(!$stolen, 'nobody else got it within 3 visibilities');
var_dump($worker->reserve($name));                  // sends the ack
rq_check(wd_info()['holds'] === '0', 'the renewals end once the ack is sent', wd_info());
var_dump($raw->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
bool(true)
ok: still renewed while the ack waits
ok: nobody else got it within 3 visibilities
bool(false)
ok: the renewals end once the ack is sent
int(0)
