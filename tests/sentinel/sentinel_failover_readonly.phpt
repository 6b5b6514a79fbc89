--TEST--
Sentinel: after a failover, a write that gets READONLY from the old master is retried once on the new one without an exception
--DESCRIPTION--
Sentinel: after a forced failover, once the old master is a replica (connections
still open), the next write through the old connection gets READONLY and is
retried once on the new master without an exception; locks and tasks taken
before the failover are still there
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$group = new SentinelGroup();
$old = $group->master();
$options = $group->options(['connect_timeout' => 1.0, 'read_timeout' => 1.0]);
$lock = new RedisLock($options);
$queue = new RedisQueue($options);
$held = rl_name(':held');
$tasks = rl_name(':tasks');

/* Both objects connect to the first master and write there. */
var_dump($lock->lock($held, 0, 60));
var_dump($queue->enqueue($tasks, ['t1', 't2']));
echo 'written on the first master: ', topo_yes(topo_raw($old)->call('EXISTS', "Lock:$held", "Queue:$tasks") === 2), "\n";
echo 'replicated before the failover: ', topo_yes(topo_wait_replicated(topo_raw($old)) >= 1), "\n";

[$was, $new] = $group->failover();
echo 'a new master: ', topo_yes($was === $old && $new !== $old, [$was, $new]), "\n";
/* The sentinels demote the old master some seconds later, killing its clients'
 * connections; here it is demoted at once and the connections stay open, so the
 * objects' next writes reach a replica. */
topo_ok(topo_raw($old)->call('REPLICAOF', '127.0.0.1', (string) topo_port($new)), 'REPLICAOF');
echo 'the old master is a replica: ', topo_yes((bool) topo_until(fn () => topo_role($old) === 'slave', 5.0)), "\n";

$fresh = rl_name(':fresh');
[$e, $ok] = topo_timed(fn () => $lock->lock($fresh, 0, 10));
echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : 'no exception', "\n";
var_dump($ok);
echo 'the new lock is on the new master: ', topo_yes(topo_raw($new)->call('EXISTS', "Lock:$fresh") === 1), "\n";
echo 'the lock taken before is still ours: ', topo_yes($lock->isLocking($held)), "\n";
var_dump($lock->unlock($held), $lock->unlock($fresh));
var_dump(topo_raw($new)->call('EXISTS', "Lock:$held", "Lock:$fresh"));

[$e, $task] = topo_timed(fn () => $queue->pop($tasks));
echo 'pop(): ', $e ? get_class($e) . ': ' . $e->getMessage() : 'no exception', "\n";
var_dump($task['id'] ?? null);
echo 'the pop happened on the new master: ', topo_yes(topo_raw($new)->call('ZCARD', "Queue:$tasks") === 1), "\n";
?>
--EXPECT--
bool(true)
bool(true)
written on the first master: yes
replicated before the failover: yes
a new master: yes
the old master is a replica: yes
lock(): no exception
bool(true)
the new lock is on the new master: yes
the lock taken before is still ours: yes
bool(true)
bool(true)
int(0)
pop(): no exception
string(2) "t1"
the pop happened on the new master: yes
