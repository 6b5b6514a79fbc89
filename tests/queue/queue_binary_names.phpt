--TEST--
RedisQueue: queue names that differ only after a NUL byte ("n\0a", "n\0b") are separate queues: own in-flight set, own wake-up list, own receipts hash, keys in one slot
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$base = rl_name();
$a = "$base:n\0a";
$b = "$base:n\0b";

var_dump($q->enqueue($a, 'task-a'));
var_dump($q->enqueue($b, 'task-b'));
var_dump($q->reserve($a)['id']);
echo "size of b: ", json_encode($q->size($b)), "\n";
var_dump($q->ack($b, 'task-a'));          // not b's task
var_dump($q->release($b, 'task-a'));
var_dump($q->reserve($b)['id']);
echo "size of a: ", json_encode($q->size($a)), "\n";
echo "size of b: ", json_encode($q->size($b)), "\n";
var_dump($q->ack($a, 'task-a'), $q->ack($b, 'task-b'));

// Each queue's keys contain its whole name and share one slot.
$q->enqueue($a, ['x1', 'x2']);
$q->enqueue($b, ['y1', 'y2']);
$q->reserve($a);
$q->reserve($b);
foreach (['a' => $a, 'b' => $b] as $label => $name) {
    $keys = rq_state_keys($raw, $name);
    $slots = array_unique(array_map('rq_key_slot', $keys));
    printf("%s: %d keys, one slot: %s\n", $label, count($keys), count($slots) === 1 ? 'yes' : 'no');
}
var_dump($q->clear($a), $q->clear($b));
?>
--EXPECT--
bool(true)
bool(true)
string(6) "task-a"
size of b: {"due":1,"delayed":0,"inflight":0,"dead":0}
bool(false)
bool(false)
string(6) "task-b"
size of a: {"due":0,"delayed":0,"inflight":1,"dead":0}
size of b: {"due":0,"delayed":0,"inflight":1,"dead":0}
bool(true)
bool(true)
a: 4 keys, one slot: yes
b: 4 keys, one slot: yes
int(2)
int(2)
