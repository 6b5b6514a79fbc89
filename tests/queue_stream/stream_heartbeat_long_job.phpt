--TEST--
RedisQueue stream layout with watchdog: a reservation held 3x its visibility (1.5 s) is renewed by the owner-checked touch and never handed to another worker, and the renewals never count as attempts
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$worker = rq_queue(['watchdog' => true]);
$other = rq_queue();
$worker->migrate($name);                      // onto the stream layout
$worker->enqueue($name, 'long', payload: 'job');
$t = $worker->reserve($name, visibility: 1.5);
rq_check(wd_info()['holds'] === '1', 'the watchdog renews one reservation', wd_info());
$stolen = false;
$end = microtime(true) + 4.5;
while (microtime(true) < $end) {
    $stolen = $stolen || $other->reserve($name, visibility: 1.5) !== false;
    usleep(50000);
}
rq_check(!$stolen, 'no other worker got the task within 3 visibilities');
$pel = $raw->call('XPENDING', "{Queue:$name}:stream", 'rl', '-', '+', 10);
rq_check(count($pel) === 1 && (int) $pel[0][3] === 1, 'one reservation, delivered once', $pel);
var_dump($worker->ack($name, 'long', $t['receipt']));
rq_check(wd_info()['holds'] === '0', 'ack() stops the renewals', wd_info());
var_dump($raw->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
ok: the watchdog renews one reservation
ok: no other worker got the task within 3 visibilities
ok: one reservation, delivered once
bool(true)
ok: ack() stops the renewals
int(0)
