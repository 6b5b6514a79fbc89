--TEST--
RedisQueue stream layout: an object that reserves on the stream frees its per-queue state at its end (PHP's memory stays flat over 300 objects)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$names = [rl_name('a'), rl_name('b')];
foreach ($names as $n) {
    rq_queue()->migrate($n);                     // onto the stream layout
}
$round = function (int $objects) use ($names) {
    for ($i = 0; $i < $objects; $i++) {
        $q = rq_queue();
        $q->enqueue($names[0], "t$i");
        $t = $q->reserve($names, 1, 30);
        $q->ack($names[0], $t['id'], $t['receipt']);
        $q->reserve($names);                     // a second upkeep of the same queues
        unset($q, $t);
    }
};
$round(50);                                      // warm-up: caches, interned strings
$before = memory_get_usage();
$round(300);
$grown = memory_get_usage() - $before;
rq_check($grown < 16 * 1024, 'memory flat over 300 objects', $grown);
?>
--EXPECT--
ok: memory flat over 300 objects
