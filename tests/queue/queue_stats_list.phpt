--TEST--
RedisQueue::stats() of a list answers name => stats for every queue named, in one round trip on a single server; an empty list, over 1000 names, or a non-string is a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: the command counts in INFO commandstats are the test's alone. */
rq_own_main_server();
$raw = new RawRedis();
$base = rl_name();
$q = rq_queue();
$names = [];
for ($i = 0; $i < 50; $i++) {
    $names[] = "$base:$i";
    $q->enqueue("$base:$i", range(1, $i + 1));
}
$names[] = '123';
$before = rq_cmd_calls($raw, 'evalsha');
$s = $q->stats($names);
$calls = rq_cmd_calls($raw, 'evalsha') - $before;
rq_check(array_keys($s) === array_map(fn($n) => is_numeric($n) ? (int) $n : $n, $names), 'every name, in order', array_keys($s));
$own = true;
for ($i = 0; $i < 50; $i++) {
    $own = $own && $s["$base:$i"]['due'] === $i + 1;
}
rq_check($own && $s['123']['due'] === 0, 'each queue its own figures', array_column($s, 'due'));
rq_check($calls === 51, 'one script per queue', $calls);
foreach ([[], array_fill(0, 1001, 'x'), ['a', 5]] as $bad) {
    try {
        $q->stats($bad);
        echo "no exception\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
ok: every name, in order
ok: each queue its own figures
ok: one script per queue
ValueError: RedisQueue::stats(): Argument #1 ($names) must not be an empty array
ValueError: RedisQueue::stats(): Argument #1 ($names) must not name more than 1000 queues
ValueError: RedisQueue::stats(): Argument #1 ($names) must contain only strings, int found
