--TEST--
RedisQueue: size()['dead'] counts dead letters; remove() deletes one; clear() drops dead letters and records too and leaves no key but the queue's counters
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$q->enqueue($name, ['x1', 'x2', 'x3']);
foreach ($q->reserve($name, 3) as $t) {
    $q->release($name, $t['id']);
}
$q->enqueue($name, ['q1', 'q2', 'f1']);
$q->enqueue($name, 'later', 10, 60);
$q->reserve($name, 1, 30);
echo json_encode($q->size($name)), "\n";

echo "remove\n";
var_dump($q->remove($name, 'x2'));
var_dump($q->remove($name, 'x2'));
var_dump(array_column($q->dead($name), 'id'));
var_dump(array_key_exists('x2', rq_records($raw, $name)));
echo json_encode($q->size($name)), "\n";
var_dump($q->retryDead($name, 'x2'));

echo "clear\n";
var_dump($q->clear($name));   // q1 q2 later (queued), 1 in flight, x1 x3 (dead)
echo json_encode($q->size($name)), "\n";
var_dump(rq_keys_containing($raw, $name) === ["{Queue:$name}:counts"], $q->stats($name)['counts']['dead']);
?>
--EXPECT--
{"due":2,"delayed":1,"inflight":1,"dead":3}
remove
bool(true)
bool(false)
array(2) {
  [0]=>
  string(2) "x1"
  [1]=>
  string(2) "x3"
}
bool(false)
{"due":2,"delayed":1,"inflight":1,"dead":2}
int(0)
clear
int(6)
{"due":0,"delayed":0,"inflight":0,"dead":0}
bool(true)
int(3)
