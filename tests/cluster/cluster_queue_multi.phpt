--TEST--
Cluster: pop()/reserve() over several queues sharing a {hash tag} take from the first with a due task and block on all of them
--DESCRIPTION--
Cluster: pop()/reserve() over several queues sharing a {hash tag} take from the
first listed queue with a due task and block on all of them at once (a worker
process blocked on two is woken by an enqueue to the second); names in different
slots are a ValueError mentioning the slot, and nothing is taken
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$q = new RedisQueue(topo_cluster_options());
$base = rl_name();
$tag = topo_name_on(topo_cluster_seeds()[1], $base, '');
[$hi, $lo] = ['{' . $tag . '}hi', '{' . $tag . '}lo'];
$q->enqueue($lo, ['l1', 'l2']);
$q->enqueue($hi, 'h1');
$r = $q->reserve([$hi, $lo], 5);
echo 'reserve [hi, lo]: ', json_encode(array_map(fn ($e) => [$e['queue'] === $hi ? 'hi' : $e['queue'], $e['id']], $r)), "\n";
$p = $q->pop([$hi, $lo], 5);
echo 'pop [hi, lo]: ', json_encode(array_map(fn ($e) => [$e['queue'] === $lo ? 'lo' : $e['queue'], $e['id']], $p)), "\n";
var_dump($q->ack($hi, 'h1', $r[0]['receipt']));

$code = '$q = new RedisQueue(' . var_export(topo_cluster_options(), true) . ');'
    . '$q->size(' . var_export($hi, true) . ');'
    . 'echo "ready\n";'
    . '$t = $q->reserve(' . var_export([$hi, $lo], true) . ', 1, 30, 3);'
    . 'echo json_encode([$t, microtime(true)]), "\n";';
$node = topo_raw(topo_cluster_seeds()[1]);
$blocked = fn () => preg_match('/blocked_clients:(\d+)/', $node->call('INFO', 'clients'), $m) ? (int) $m[1] : 0;
$before = $blocked();
[$proc, $out] = rq_spawn_php($code);
rq_read_line($out, 20);
/* Until the worker blocks (one more blocked client on the queues' node; others'
 * tests may block there too, so this only makes the wake-up likely to be one). */
l4_until(fn () => $blocked() > $before, 10.0);
$at = microtime(true);
$q->enqueue($lo, 'wake');
[$task, $gotAt] = json_decode((string) rq_read_line($out, 20), true) ?? [null, INF];
fclose($out);
proc_close($proc);
echo 'blocked worker got: ', $task['id'] ?? 'nothing', ' from ', ($task['queue'] ?? '') === $lo ? 'lo' : 'elsewhere', "\n";
/* Woken by the enqueue, long before its 30 s wait would end (10 s tells them
 * apart on a loaded host; how soon is a benchmark's figure). */
rq_check($gotAt - $at < 10, 'woken before its wait ended', sprintf('%.3f s', $gotAt - $at));

echo "different slots\n";
$other = topo_name_on(topo_cluster_seeds()[2], "$base:other", 'Queue:');
$q->enqueue($other, 'x');
$q->enqueue($hi, 'h2');
foreach (['pop', 'reserve'] as $m) {
    try {
        $q->$m([$hi, $other]);
        echo "$m: no exception\n";
    } catch (ValueError $e) {
        echo "$m: ValueError, mentions the slot: ", topo_yes(str_contains($e->getMessage(), 'slot')), "\n";
    }
}
echo 'nothing taken: ', json_encode([$q->size($hi)['due'], $q->size($other)['due']]), "\n";
$q->clear($hi);
$q->clear($lo);
$q->clear($other);
?>
--EXPECT--
reserve [hi, lo]: [["hi","h1"]]
pop [hi, lo]: [["lo","l1"],["lo","l2"]]
bool(true)
blocked worker got: wake from lo
ok: woken before its wait ended
different slots
pop: ValueError, mentions the slot: yes
reserve: ValueError, mentions the slot: yes
nothing taken: [1,1]
