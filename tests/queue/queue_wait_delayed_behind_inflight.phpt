--TEST--
RedisQueue: a waiting reserve() picks up a delayed task when it falls due, even when more than 100 ids ahead of it in the queue are in flight (enqueued again while running)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$ids = range(1, 101);
$q->enqueue($name, $ids);
$got = $q->reserve($name, 101, 60);
echo 'reserved: ', count($got), "\n";
/* The same ids enqueued again while in flight: queued, due now, but not handed
 * out until their runs end (60 s). */
$q->enqueue($name, $ids);
$q->enqueue($name, 'late', 10, 0.3);
var_dump($q->size($name));
/* A wait of 30 s: a reserve() that returns within half of it was woken when the task fell due. */
[$t, $took] = rq_timed(fn () => $q->reserve($name, 1, 30, 30));
echo 'reserve: ', $t['id'] ?? json_encode($t), "\n";
rq_check($took >= 0.25 && $took < 15, 'picked up when due, not at the end of the wait', sprintf('%.3f s', $took));
$q->clear($name);
?>
--EXPECT--
reserved: 101
array(4) {
  ["due"]=>
  int(101)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(101)
  ["dead"]=>
  int(0)
}
reserve: late
ok: picked up when due, not at the end of the wait
