--TEST--
Cluster: lock and queue names with braces, NUL bytes, "%" and CRLF work (including a waiting lock() and a blocking pop()), and every key they leave lives in the slot of the main key, on its owner
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_cluster_options());
$other = new RedisLock(topo_cluster_options());
$queue = new RedisQueue(topo_cluster_options());
$unique = rl_name();
$suffixes = ['{a}b', 'a}b{c', '{}x', 'a{}{b}', '}{', "nul\0byte", '100%', "cr\r\nlf", "{\0}", '{%}x'];
foreach ($suffixes as $suffix) {
    $name = "$unique:$suffix";
    $label = json_encode($suffix);
    $key = "Lock:$name";
    $owner = topo_key_owner($key);
    $raw = topo_raw($owner);
    $locked = $lock->lock($name, 0, 10);
    $onOwner = $raw->call('EXISTS', $key) === 1;
    [$e, $waited] = topo_timed(fn () => $other->lock($name, 0.2, 5));
    $waitOk = !$e && $waited === false;
    $fence = $lock->fencingToken($name);
    $unlocked = $lock->unlock($name);
    $gone = $raw->call('EXISTS', $key) === 0;

    $qkey = "Queue:$name";
    $qraw = topo_raw(topo_key_owner($qkey));
    $queue->enqueue($name, ['x', 'y']);
    $queued = $qraw->call('ZCARD', $qkey) === 2;
    $reserved = $queue->reserve($name);
    $popped = $queue->pop($name, 1, 10, 0.2);
    [$e2, $empty] = topo_timed(fn () => $queue->pop($name, 1, 10, 0.1));
    $acked = $queue->ack($name, 'x');

    /* Whatever keys remain for this name (wait queues, wake-up lists, in-flight
     * sets) are in the slot of the lock key or of the queue key. */
    $slots = [topo_key_slot($key), topo_key_slot($qkey)];
    $stray = [];
    foreach (topo_cluster_seeds() as $node) {
        foreach ((array) topo_raw($node)->call('KEYS', "*$unique*") as $k) {
            if (is_string($k) && str_contains($k, $name) && !in_array(topo_key_slot($k), $slots, true)) {
                $stray[] = $k;
            }
        }
    }
    printf("%-14s lock %s, on owner %s, waiter %s, fence %s, unlock %s, gone %s; queue %s, reserve %s, pop %s, empty %s, ack %s; keys outside the slot: %s\n",
        $label, topo_yes($locked), topo_yes($onOwner), topo_yes($waitOk, $e ? $e->getMessage() : null),
        topo_yes(is_int($fence)), topo_yes($unlocked), topo_yes($gone),
        topo_yes($queued), $reserved['id'] ?? 'none', $popped['id'] ?? 'none',
        topo_yes(!$e2 && $empty === false, $e2 ? $e2->getMessage() : null), topo_yes($acked),
        $stray ? json_encode($stray) : 'none');
    $queue->clear($name);
}
?>
--EXPECT--
"{a}b"         lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"a}b{c"        lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"{}x"          lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"a{}{b}"       lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"}{"           lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"nul\u0000byte" lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"100%"         lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"cr\r\nlf"     lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"{\u0000}"     lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
"{%}x"         lock yes, on owner yes, waiter yes, fence yes, unlock yes, gone yes; queue yes, reserve x, pop y, empty yes, ack yes; keys outside the slot: none
