--TEST--
Cluster: queues whose names land on each of the 3 masters keep their sorted set and stream on the master owning the slot; enqueue, reserve, ack, pop with a wait, size and clear all work there
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$queue = new RedisQueue(topo_cluster_options());
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $name = topo_name_on($master, "$base:$i", 'Queue:');
    $raw = topo_raw($master);
    var_dump($queue->enqueue($name, ['a', 'b', 'c']));
    echo "master $i: the tasks are on the owner: ", topo_yes($raw->call('ZCARD', "Queue:$name") === 3), "\n";
    $queue->migrate($name);                    // onto the stream layout
    $reserved = $queue->reserve($name, 1, 30);
    /* migrate() put the queue on the stream layout: its stream, index and settings beside the zset. */
    echo "master $i: the stream layout's keys are on the owner: ",
        topo_yes($raw->call('EXISTS', "{Queue:$name}:stream", "{Queue:$name}:index", "{Queue:$name}:meta") === 3), "\n";
    var_dump($reserved['id'], $queue->ack($name, 'a'));
    var_dump($queue->pop($name)['id']);
    /* A blocking pop: the wake-up list shares the slot. */
    [$e, $task, $took] = topo_timed(fn () => $queue->pop($name, 1, 10, 0.2));
    echo "master $i: pop() with a wait: ", $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($task['id']), "\n";
    [$e, $none, $took] = topo_timed(fn () => $queue->pop($name, 1, 10, 0.2));
    echo "master $i: an empty queue waits and returns false: ", topo_yes(!$e && $none === false && $took >= 0.15, $e ? $e->getMessage() : $took), "\n";
    var_dump($queue->enqueue($name, 'later', 10, 60), $queue->size($name) === ['due' => 0, 'delayed' => 1, 'inflight' => 0, 'dead' => 0]);
    var_dump($queue->clear($name), $raw->call('EXISTS', "Queue:$name"));
}
?>
--EXPECT--
bool(true)
master 0: the tasks are on the owner: yes
master 0: the stream layout's keys are on the owner: yes
string(1) "a"
bool(true)
string(1) "b"
master 0: pop() with a wait: "c"
master 0: an empty queue waits and returns false: yes
bool(true)
bool(true)
int(1)
int(0)
bool(true)
master 1: the tasks are on the owner: yes
master 1: the stream layout's keys are on the owner: yes
string(1) "a"
bool(true)
string(1) "b"
master 1: pop() with a wait: "c"
master 1: an empty queue waits and returns false: yes
bool(true)
bool(true)
int(1)
int(0)
bool(true)
master 2: the tasks are on the owner: yes
master 2: the stream layout's keys are on the owner: yes
string(1) "a"
bool(true)
string(1) "b"
master 2: pop() with a wait: "c"
master 2: an empty queue waits and returns false: yes
bool(true)
bool(true)
int(1)
int(0)
