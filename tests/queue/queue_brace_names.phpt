--TEST--
RedisQueue: queue names with braces work, and each queue's keys share one cluster slot, on both layouts
--DESCRIPTION--
Names: "{a}b", "a}b{c", "{}x", "a{}{b}", "}{". The keys: queue, in-flight, wake-up,
receipts; on the stream layout also its stream, index and settings.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$unique = rl_name();

/* The zset layout (queue_layout zset): its four keys. The stream layout (the
 * default, after migrate()): the stream, its index and the settings join them, the zset itself
 * empty once its tasks moved onto the stream; all in the main key's slot. */
/* "w" is due after the two taken before it, and taken by a wait: later under
 * valgrind, whose calls are slower by far than its 50 ms. */
$slow = getenv('USE_ZEND_ALLOC') === '0';
foreach (['zset', 'auto'] as $layout) {
    echo "$layout\n";
    $q = rq_queue(['queue_layout' => $layout]);
    foreach (['{a}b', 'a}b{c', '{}x', 'a{}{b}', '}{', 'plain'] as $suffix) {
        $name = "$unique:$layout:$suffix";
        if ($layout === 'auto') {
            $q->migrate($name);                         // onto the stream layout
        }
        $q->enqueue($name, ['job1', 'job2']);
        $q->enqueue($name, 'w', 10, $slow ? 2.0 : 0.05);
        $r = $q->reserve($name);
        $p = $q->pop($name);
        $w = $q->pop($name, 1, 10, $slow ? 10 : 2);   // waits: creates the wake-up key path too
        $q->enqueue($name, 'x');        // leaves a wake-up token behind
        $all = rq_state_keys($raw, $name);
        $slots = array_unique(array_map('rq_key_slot', $all));
        /* The deadlines of the stream's reservations are indexed by an upkeep,
         * which a slow run (valgrind) reaches during the waits: counted in the
         * slots, not in the keys. */
        $keys = array_values(array_filter($all, fn ($k) => !str_contains($k, ':deadlines')
            /* migrate() wakes the zset layout's blocked workers: its tokens nobody took
             * live a second, which a slow run may still see. Counted in the slots. */
            && ($layout === 'zset' || !str_contains($k, 'wakeup'))));
        $main = 'Queue:' . $name;
        $expected = $layout === 'zset' ? 4 : 3;
        $present = $layout === 'zset' ? in_array($main, $keys, true)
            : count(array_filter($keys, fn ($k) => str_ends_with($k, ':stream') || str_contains($k, ':stream:'))) === 1;
        printf("%-8s %s %s %s, %d keys, %s key present: %s, one slot: %s, slot of the main key: %s\n",
            $suffix, $r['id'], $p['id'], $w['id'] ?? 'none', count($keys), $layout === 'zset' ? 'main' : 'stream',
            $present ? 'yes' : 'no',
            count($slots) === 1 ? 'yes' : 'no (' . implode(',', $slots) . ')',
            $slots === [rq_key_slot($main)] ? 'yes' : 'no');
        if (count($keys) !== $expected || count($slots) !== 1) {
            foreach ($all as $k) echo '    ', $k, ' -> ', rq_key_slot($k), "\n";
        }
        var_dump($q->ack($name, 'job1'), $q->size($name), $q->clear($name));
    }
}
?>
--EXPECT--
zset
{a}b     job1 job2 w, 4 keys, main key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
a}b{c    job1 job2 w, 4 keys, main key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
{}x      job1 job2 w, 4 keys, main key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
a{}{b}   job1 job2 w, 4 keys, main key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
}{       job1 job2 w, 4 keys, main key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
plain    job1 job2 w, 4 keys, main key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
auto
{a}b     job1 job2 w, 3 keys, stream key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
a}b{c    job1 job2 w, 3 keys, stream key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
{}x      job1 job2 w, 3 keys, stream key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
a{}{b}   job1 job2 w, 3 keys, stream key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
}{       job1 job2 w, 3 keys, stream key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
plain    job1 job2 w, 3 keys, stream key present: yes, one slot: yes, slot of the main key: yes
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
