--TEST--
RedisQueue's class constants are the bounds the extension enforces: MAX_PAYLOAD_BYTES, MAX_BATCH_BYTES, MAX_DELAY and MAX_STATS are each accepted, one past each is refused with its ValueError
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
function outcome(callable $fn): string
{
    try {
        return var_export($fn(), true);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}
var_dump(RedisQueue::MAX_PAYLOAD_BYTES, RedisQueue::MAX_BATCH_BYTES, RedisQueue::MAX_DELAY, RedisQueue::MAX_STATS);
$q = rq_queue();
$name = rl_name();

$max = str_repeat('x', RedisQueue::MAX_PAYLOAD_BYTES);
echo outcome(fn () => $q->enqueue($name, 'big', payload: $max)), "\n";
echo outcome(fn () => $q->enqueue($name, 'over', payload: $max . 'y')), "\n";
echo outcome(fn () => strlen($q->pop($name)['payload'])), "\n";

$n = intdiv(RedisQueue::MAX_BATCH_BYTES, RedisQueue::MAX_PAYLOAD_BYTES);
$ids = range(1, $n);
echo outcome(fn () => $q->enqueue($name, $ids, payload: array_fill_keys($ids, $max))), "\n";
echo outcome(fn () => $q->clear($name)), "\n";
echo outcome(fn () => $q->enqueue($name, [...$ids, 'y'], payload: array_fill_keys($ids, $max) + ['y' => 'y'])), "\n";
unset($max);

echo outcome(fn () => $q->enqueue($name, 'late', afterInterval: RedisQueue::MAX_DELAY)), "\n";
echo outcome(fn () => $q->enqueue($name, 'later', afterInterval: RedisQueue::MAX_DELAY + 1)), "\n";
echo outcome(fn () => $q->stats($name)['delayed']), "\n";

$names = array_map(fn ($i) => "$name:$i", range(1, RedisQueue::MAX_STATS));
echo outcome(fn () => count($q->stats($names))), "\n";
echo outcome(fn () => $q->stats([...$names, "$name:over"])), "\n";
echo outcome(fn () => $q->clear($name)), "\n";
?>
--EXPECT--
int(16777216)
int(67108864)
float(1000000000)
int(1000)
true
ValueError: RedisQueue::enqueue(): Argument #6 ($payload) must not hold a payload over 16777216 bytes (16777217 given)
16777216
true
4
ValueError: RedisQueue::enqueue(): Argument #6 ($payload) must not hold over 67108864 bytes of payloads in one call
true
ValueError: RedisQueue::enqueue(): Argument #4 ($afterInterval) must be a finite number of seconds between 0 and 1e9
1
1000
ValueError: RedisQueue::stats(): Argument #1 ($names) must not name more than 1000 queues
1
