--TEST--
RedisQueue::names() lists exactly the queue names under every prefix shape, never a queue's wake-up list or another sibling key
--DESCRIPTION--
Under each prefix shape, one queue has due, delayed, reserved and dead tasks with
payloads (every sibling key exists, the wake-up list too) and one name has braces
of its own, and one queue on the stream layout holds a payload by reference (its
spare hash exists). The listing must be those three names and nothing else.
--FILE--
<?php
require __DIR__ . '/../harness/names_test.inc';
$failures = 0;
foreach (nm_prefix_shapes() as $prefix) {
    $q = new RedisQueue(rl_options(['prefix' => $prefix]));
    foreach (['jobs', '{k}braced'] as $name) {
        $q->enqueue($name, ['a', 'b', 'c', 'd'], payload: ['a' => 'pa', 'b' => 'pb', 'c' => 'pc', 'd' => 'pd']);
        $q->enqueue($name, 'later', afterInterval: 60);
        $r = $q->reserve($name, 2, 30, 0, 1);
        $q->fail($name, $r[0]['id'], $r[0]['receipt']);
    }
    $q->migrate('streamed');
    $q->enqueue('streamed', 'big', payload: str_repeat('p', 70000));
    $names = nm_all_names($q);
    if ($names !== ['jobs', 'streamed', '{k}braced']) {
        $failures++;
        echo "prefix $prefix lists ", json_encode($names), "\n";
    }
    $q->clear('jobs');
    $q->clear('{k}braced');
    $q->clear('streamed');
}
echo "failures: $failures\n";
?>
--EXPECT--
failures: 0
