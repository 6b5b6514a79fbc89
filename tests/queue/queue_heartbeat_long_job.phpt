--TEST--
RedisQueue with watchdog: a reservation held 3x longer than its visibility (1.5 s) is renewed and never handed to another worker; ack() then succeeds with its receipt and the renewals stop
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$worker = rq_queue(['watchdog' => true]);
$other = rq_queue();
$worker->enqueue($name, 'long', payload: 'job');
$t = $worker->reserve($name, visibility: 1.5);
$info = wd_info();
rq_check($info['holds'] === '1', 'the watchdog renews one reservation', $info);
$stolen = false;
$end = microtime(true) + 4.5;
while (microtime(true) < $end) {
    $stolen = $stolen || $other->reserve($name, visibility: 5) !== false;
    usleep(50000);
}
rq_check(!$stolen, 'no other worker got the task within 3 visibilities');
var_dump($worker->ack($name, 'long', $t['receipt']));
rq_check(wd_info()['holds'] === '0', 'ack() stops the renewals', wd_info());
var_dump($worker->size($name));
?>
--EXPECT--
ok: the watchdog renews one reservation
ok: no other worker got the task within 3 visibilities
bool(true)
ok: ack() stops the renewals
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
