--TEST--
RedisQueue zset layout: the recovery of a lost reserve() walks a window of more than a page of other workers' reservations by score and puts back only the lost call's tasks, all of them
--DESCRIPTION--
Another worker holds 300 reservations made just before the lost call (two
pages of the window, two deadlines), and acks 100 of them after it: the
object's next reserve() still finds the lost call's three tasks (one deadline,
past the first page), puts them back uncounted and gets the first of them; the
other worker's 200 stay in flight, untouched, and its acks are accepted.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/lock4_test.inc';
$srv = new FaultServer(['--enable-debug-command', 'local']);
$raw = $srv->raw();
$name = rl_name();
$q = new RedisQueue($srv->options(['read_timeout' => 0.2]));
$other = new RedisQueue($srv->options());
$q->enqueue($name, 'warm');
$w = $q->reserve($name);
$q->ack($name, $w['id'], $w['receipt']);

$other->enqueue($name, array_map(fn($i) => "o$i", range(1, 300)));
$theirs = $other->reserve($name, 300, 30);
echo 'the other worker holds: ', count($theirs), "\n";
$q->enqueue($name, ['L1', 'L2', 'L3']);
$stall = $srv->stall(2.0);
try {
    var_dump($q->reserve($name, 3, 30, 0, 1));
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
echo 'in flight: ', $raw->call('ZCARD', "{Queue:$name}:inflight"), "\n";
$acked = 0;
foreach (array_slice($theirs, 0, 100) as $t) {
    $acked += (int) $other->ack($name, $t['id'], $t['receipt']);
}
echo "acked by the other worker: $acked\n";

$mine = $q->reserve($name, 3, 30, 0, 1);
echo 'back: ', implode(' ', array_column($mine, 'id')), ', attempts ', implode(' ', array_column($mine, 'attempts')), "\n";
$acked = 0;
foreach (array_slice($theirs, 100) as $t) {
    $acked += (int) $other->ack($name, $t['id'], $t['receipt']);
}
foreach ($mine as $t) {
    $acked += (int) $q->ack($name, $t['id'], $t['receipt']);
}
echo "acked after: $acked\n";
echo json_encode($q->size($name)), "\n";
?>
--EXPECT--
the other worker holds: 300
RedisLockTimeoutException
in flight: 303
acked by the other worker: 100
back: L1 L2 L3, attempts 1 1 1
acked after: 203
{"due":0,"delayed":0,"inflight":0,"dead":0}
