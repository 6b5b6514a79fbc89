--TEST--
RedisQueue: in coercive mode an object id throws TypeError instead of enqueuing anything (never a memory address or a float's bits as the id)
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$n = rl_name();
try {
    $q->enqueue($n, new stdClass);
    echo "no exception\n";
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
// Scalars of other types must either be refused or stored as PHP converts them.
foreach ([2.0, 1.5, true] as $id) {
    try {
        $q->enqueue($n, $id);
    } catch (TypeError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$stored = $raw->call('ZRANGE', "Queue:$n", '0', '-1');
$sane = array_diff($stored, ['2', '1.5', '1']);
rq_check($sane === [], 'nothing but "2", "1.5" or "1" was stored', $stored);
?>
--EXPECT--
TypeError: RedisQueue::enqueue(): Argument #2 ($id) must be of type array|string|int, stdClass given
ok: nothing but "2", "1.5" or "1" was stored
