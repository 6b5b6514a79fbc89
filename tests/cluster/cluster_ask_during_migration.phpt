--TEST--
Cluster: a lock taken while its slot is being migrated follows ASK and retries TRYAGAIN, ending on the target without an exception
--DESCRIPTION--
Cluster: a lock taken while its slot is being migrated (keys already on the
target, the source answering ASK) ends on the target: ASK is followed and
TRYAGAIN retried until the slot settles, with no exception
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$seeds = topo_cluster_seeds();
$tag = topo_name_on($seeds[1], rl_name(), '');
$name = '{' . $tag . '}';
$slot = topo_key_slot($tag);
$from = topo_slot_owner($slot);
$to = topo_cluster_other($from);
register_shutdown_function(fn () => topo_cluster_restore_slot($slot, $from));

$lock = new RedisLock(topo_cluster_options(['read_timeout' => 2.0]));
/* Loads the slot map and leaves the slot's own keys (fencing counter) on the source. */
var_dump($lock->lock("$name:warm", 0, 10), $lock->unlock("$name:warm"));

topo_cluster_open_migration($slot, $to);
topo_cluster_move_keys($slot, $from, $to);
$reply = topo_raw($from)->call('GET', "Lock:$name");
echo 'the source answers ASK for the name: ', topo_yes($reply instanceof Throwable && str_starts_with($reply->getMessage(), 'ASK'), $reply), "\n";

/* The migration completes 30 ms from now, in another process. */
$child = l4_fork(function () use ($slot, $to) {
    usleep(30000);
    topo_cluster_assign_slot($slot, $to);
    return 0;
});
[$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'child: ', implode(',', l4_wait([$child])), "\n";
echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
echo 'in time: ', topo_yes($took < 10, $took), "\n";
topo_cluster_wait_settled();
echo 'the key is on the target: ', topo_yes(topo_raw($to)->call('EXISTS', "Lock:$name") === 1), "\n";
var_dump($lock->isLocking($name), $lock->unlock($name));
var_dump(topo_raw($to)->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
the source answers ASK for the name: yes
child: 0
lock(): true
in time: yes
the key is on the target: yes
bool(true)
bool(true)
int(0)
