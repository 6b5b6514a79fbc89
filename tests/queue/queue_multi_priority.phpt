--TEST--
RedisQueue: pop()/reserve() with a list of queues take from the first listed queue that has a due task
--DESCRIPTION--
RedisQueue: pop()/reserve() with a list of queues take from the first listed
queue that has a due task (empty or only-delayed queues are passed over), all
tasks of one call from that one queue, each entry saying 'queue' => its name; a
string name gives entries without 'queue'
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$base = rl_name();
[$hi, $mid, $lo] = ["$base:hi", "$base:mid", "$base:lo"];
$q->enqueue($hi, 'hi-later', 10, 60);
$q->enqueue($mid, ['m1', 'm2']);
$q->enqueue($lo, ['l1', 'l2', 'l3']);

function show($r) {
    if ($r === false) return 'false';
    $list = array_is_list($r) ? $r : [$r];
    return implode(', ', array_map(fn ($e) => ($e['queue'] ?? '(no queue)') . '/' . $e['id'] . (isset($e['receipt']) ? ' reserved' : ''), $list));
}
$short = fn ($s) => str_replace("$base:", '', $s);
echo 'pop [hi, mid, lo], 5: ', $short(show($q->pop([$hi, $mid, $lo], 5))), "\n";
echo 'reserve [hi, mid, lo]: ', $short(show($q->reserve([$hi, $mid, $lo]))), "\n";
echo 'reserve [lo, mid], 2: ', $short(show($q->reserve([$lo, $mid], 2))), "\n";
echo 'pop [hi]: ', $short(show($q->pop([$hi]))), "\n";
$q->enqueue($mid, 'm3');
echo 'pop [lo, mid] (lo now empty): ', $short(show($q->pop([$lo, $mid]))), "\n";
echo 'pop [hi, mid, lo] (none due): ', show($q->pop([$hi, $mid, $lo])), ' ', json_encode($q->pop([$hi, $mid, $lo], 3)), "\n";
$q->enqueue($lo, 'l4');
echo 'pop string lo: ', show($q->pop($lo)), "\n";
$q->enqueue($lo, 'l5');
echo 'reserve string lo: ', show($q->reserve($lo)), "\n";
/* A reservation taken through a list is acked on its own queue. */
$r = $q->reserve([$hi, $lo]);
$q->enqueue($lo, 'l6');
$r = $q->reserve([$hi, $lo]);
var_dump($q->ack($lo, 'l6', $r['receipt']), $q->ack($hi, 'l6'));
?>
--EXPECT--
pop [hi, mid, lo], 5: mid/m1, mid/m2
reserve [hi, mid, lo]: lo/l1 reserved
reserve [lo, mid], 2: lo/l2 reserved, lo/l3 reserved
pop [hi]: false
pop [lo, mid] (lo now empty): mid/m3
pop [hi, mid, lo] (none due): false []
pop string lo: (no queue)/l4
reserve string lo: (no queue)/l5 reserved
bool(true)
bool(false)
