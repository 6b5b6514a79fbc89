--TEST--
RedisQueue: ack(), release() and touch() with the current reservation's receipt act on it
--DESCRIPTION--
RedisQueue: ack(), release() and touch() with the receipt of the current
reservation act on it: touch() moves its deadline to now + visibility, release()
puts it back, ack() finishes it and forgets its attempts; each receipt is a
non-empty string, different for every reservation
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$q->enqueue($name, ['a', 'b']);
$both = $q->reserve($name, 2, 30);
$ra = $both[0]['receipt'];
$rb = $both[1]['receipt'];
rq_check(is_string($ra) && $ra !== '' && $ra !== $rb, 'two reservations of one call have different receipts', [$ra, $rb]);

echo "touch\n";
$t0 = rq_server_time($raw);
var_dump($q->touch($name, 'a', 5, $ra));
$deadline = (float) rq_deadline($raw, $name, 'a');
rq_check($deadline >= $t0 + 5 && $deadline < $t0 + 5.5, 'the deadline is now + 5 s', [$t0, $deadline]);

echo "release\n";
var_dump($q->release($name, 'a', 0, $ra));
var_dump(rq_where($raw, $name, 'a'));
$again = $q->reserve($name, 1, 30);
var_dump($again['id'], $again['attempts']);
rq_check($again['receipt'] !== $ra && $again['receipt'] !== $rb, 'a new reservation has a new receipt', [$ra, $again['receipt']]);

echo "ack\n";
var_dump($q->ack($name, 'a', $again['receipt']));
var_dump($q->ack($name, 'b', $rb));
var_dump(rq_where($raw, $name, 'a'), rq_records($raw, $name));
/* ack() forgot the attempts: the same id enqueued again starts over at 1. */
$q->enqueue($name, 'a');
var_dump($q->reserve($name)['attempts']);
var_dump($q->clear($name));
?>
--EXPECT--
ok: two reservations of one call have different receipts
touch
bool(true)
ok: the deadline is now + 5 s
release
bool(true)
array(1) {
  [0]=>
  string(6) "queued"
}
string(1) "a"
int(2)
ok: a new reservation has a new receipt
ack
bool(true)
bool(true)
array(0) {
}
array(0) {
}
int(1)
int(1)
