--TEST--
RedisQueue::names() lists the queues under the object's prefix with a SCAN cursor, bounded per call
--DESCRIPTION--
RedisQueue::names() lists the queues under the object's prefix with a SCAN
cursor, bounded per call: queued, delayed, only in flight or only dead, braced
names too; other prefixes and the locks' keys are left out; a bad cursor or
count is a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$prefix = 'Q' . bin2hex(random_bytes(4)) . ':';
$q = rq_queue(['prefix' => $prefix, 'max_attempts' => 1]);
$other = rq_queue(['prefix' => 'Other' . $prefix]);
$lock = new RedisLock(rl_options(['prefix' => 'L' . $prefix]));
$want = [];
for ($i = 0; $i < 120; $i++) {
    $q->enqueue("q$i", 'job');
    $want[] = "q$i";
}
$q->enqueue('delayed', 'job', afterInterval: 60);
$q->enqueue('inflight', 'job');
$q->reserve('inflight', 1, 60);
$q->enqueue('dead', 'job');
$t = $q->reserve('dead');
$q->release('dead', 'job', 0, $t['receipt']);
$q->enqueue('{tag}braced', 'job');
$q->enqueue('na}me', 'job');
$q->enqueue('{tag}deadbraced', 'job');
$t = $q->reserve('{tag}deadbraced');
$q->release('{tag}deadbraced', 'job', 0, $t['receipt']);
$other->enqueue('elsewhere', 'job');
$lock->lock('lockname', 0, 30);
array_push($want, 'delayed', 'inflight', 'dead', '{tag}braced', 'na}me', '{tag}deadbraced');
$seen = [];
$calls = 0;
$cursor = null;
do {
    $page = $q->names($cursor, 50);
    $calls++;
    rq_check(array_keys($page) === ['names', 'cursor'], 'shape', $page);
    $seen = array_merge($seen, $page['names']);
    $cursor = $page['cursor'];
} while ($cursor !== null && $calls < 1000);
$seen = array_unique($seen);
sort($seen);
sort($want);
rq_check($seen === $want, 'every queue once the cursor is null, nothing else', array_values(array_diff($seen, $want)) + ['missing' => array_values(array_diff($want, $seen))]);
rq_check($calls > 1, 'more than one call at 50 keys per call', $calls);
foreach ([['nonsense', 10], ['0:abc', 10], [null, 0], [null, 10001]] as [$c, $n]) {
    try {
        $q->names($c, $n);
        echo "no exception\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
%Aok: every queue once the cursor is null, nothing else
ok: more than one call at 50 keys per call
ValueError: RedisQueue::names(): Argument #1 ($cursor) must be null or a cursor a previous names() call returned
ValueError: RedisQueue::names(): Argument #1 ($cursor) must be null or a cursor a previous names() call returned
ValueError: RedisQueue::names(): Argument #2 ($count) must be between 1 and 10000
ValueError: RedisQueue::names(): Argument #2 ($count) must be between 1 and 10000
