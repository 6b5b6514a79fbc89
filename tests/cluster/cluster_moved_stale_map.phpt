--TEST--
Cluster: after a slot moves behind the client's back, calls follow MOVED to the new owner and update the slot map
--DESCRIPTION--
Cluster: after a name's slot moves to another master behind the client's back,
the next calls of RedisLock and RedisQueue follow MOVED to the new owner without
an exception, update the slot map (no further MOVED), and follow it back again
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$seeds = topo_cluster_seeds();
/* "{tag}" as the name: the lock key and the queue key share the tag's slot. */
$tag = topo_name_on($seeds[0], rl_name(), '');
$name = '{' . $tag . '}';
$slot = topo_key_slot($tag);
$from = topo_slot_owner($slot);
$to = topo_cluster_other($from);
register_shutdown_function(fn () => topo_cluster_restore_slot($slot, $from));

$lock = new RedisLock(topo_cluster_options());
$queue = new RedisQueue(topo_cluster_options());
var_dump($lock->lock($name, 0, 10), $lock->unlock($name));
var_dump($queue->enqueue($name, 'a'));
echo 'both keys start on the first owner: ', topo_yes(topo_raw($from)->call('ZCARD', "Queue:$name") === 1), "\n";

topo_cluster_move_slot($slot, $to);
echo 'the slot moved: ', topo_yes(topo_slot_owner($slot) === $to), "\n";

[$e, $ok] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'lock() after the move: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
echo 'the key is on the new owner: ', topo_yes(topo_raw($to)->call('EXISTS', "Lock:$name") === 1), "\n";
var_dump($lock->unlock($name));
[$e, $task] = topo_timed(fn () => $queue->pop($name));
echo 'pop() after the move: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($task['id'] ?? null), "\n";
var_dump($queue->enqueue($name, 'b'), topo_raw($to)->call('ZCARD', "Queue:$name"));

/* The map was updated: more calls on the slot cause no MOVED from the old owner. */
$moved = topo_error_count($from, 'MOVED');
for ($i = 0; $i < 10; $i++) {
    $lock->lock($name, 0, 10);
    $lock->unlock($name);
    $queue->size($name);
}
echo 'further MOVED replies: ', topo_error_count($from, 'MOVED') - $moved, "\n";

topo_cluster_move_slot($slot, $from);
[$e, $ok] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'lock() after the move back: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
echo 'the key is on the first owner: ', topo_yes(topo_raw($from)->call('EXISTS', "Lock:$name") === 1), "\n";
var_dump($lock->unlock($name));
[$e, $task] = topo_timed(fn () => $queue->pop($name));
echo 'pop() after the move back: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($task['id'] ?? null), "\n";
var_dump($queue->clear($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
both keys start on the first owner: yes
the slot moved: yes
lock() after the move: true
the key is on the new owner: yes
bool(true)
pop() after the move: "a"
bool(true)
int(1)
further MOVED replies: 0
lock() after the move back: true
the key is on the first owner: yes
bool(true)
pop() after the move back: "b"
int(0)
