--TEST--
RedisQueue: an id enqueued again during its last allowed reservation runs once that reservation expires, as a new task at attempt 1, and the expired run leaves no dead letter
--DESCRIPTION--
RedisQueue: an id enqueued again while its last allowed reservation runs is
not handed out during that run; once the reservation expires, the run enqueued
meanwhile is what remains (an id is dead or alive, never both): reserve() hands
it out at attempt 1, and the dead letters stay empty. Before, the run enqueued
again was dropped with the one that expired, and the id was only dead.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$q->enqueue($name, 'x');
$x = $q->reserve($name, 1, 0.1);
var_dump($x['attempts']);
$q->enqueue($name, 'x');              // again, while in flight
var_dump(rq_where($raw, $name, 'x'));
usleep(150000);                       // its only reservation expires
$x = $q->reserve($name);
var_dump($x['id'], $x['attempts'], rq_where($raw, $name, 'x'));
var_dump($q->dead($name), $q->retryDead($name, 'x'));
var_dump($q->ack($name, 'x', $x['receipt']), rq_where($raw, $name, 'x'));
?>
--EXPECT--
int(1)
array(2) {
  [0]=>
  string(6) "queued"
  [1]=>
  string(8) "inflight"
}
string(1) "x"
int(1)
array(1) {
  [0]=>
  string(8) "inflight"
}
array(0) {
}
int(0)
bool(true)
array(0) {
}
