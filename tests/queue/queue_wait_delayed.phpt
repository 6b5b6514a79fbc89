--TEST--
RedisQueue: a waiting pop() picks up a task enqueued with afterInterval 0.3 when it falls due, not earlier; a waiting reserve() follows a nearer due time enqueued meanwhile
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone, so the
 * enqueue below waits until the waiting call is blocked on it. */
rq_own_main_server();
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$q->size($name);

$q->enqueue($name, 'soon', 10, 0.3);
$due = (float) $raw->call('ZSCORE', 'Queue:' . $name, 'soon');
/* A wait of 30 s: a pop that returns within half of it was woken when the task fell due. */
[$t, $took] = rq_timed(fn() => $q->pop($name, 1, 10, 30));
$now = rq_server_time($raw);
echo 'pop: ', $t['id'] ?? json_encode($t), "\n";
rq_check($took >= 0.28 && $took < 15, 'picked up when due, not at the end of the wait', sprintf('%.3f s', $took));
rq_check($now >= $due, 'not before its due time (server clock)', sprintf('due %.6f, now %.6f', $due, $now));

// The same for reserve(), and for a task enqueued while already waiting on a
// farther one: the wait follows the earlier due time.
$q->enqueue($name, 'far', 10, 60);
$pid = pcntl_fork();
if ($pid === 0) {
    $c = rq_queue();
    rq_wait_blocked(new RawRedis(), 1);
    $c->enqueue($name, 'near', 10, 0.3);
    exit(0);
}
[$t, $took] = rq_timed(fn() => $q->reserve($name, 1, 30, 30));
pcntl_waitpid($pid, $status);
echo 'reserve: ', $t['id'] ?? json_encode($t), "\n";
rq_check($took >= 0.3 && $took < 15, 'picked up when the near one fell due, not at the far one\'s (60 s) nor at the end of the wait', sprintf('%.3f s', $took));
var_dump($q->size($name));
?>
--EXPECT--
pop: soon
ok: picked up when due, not at the end of the wait
ok: not before its due time (server clock)
reserve: near
ok: picked up when the near one fell due, not at the far one's (60 s) nor at the end of the wait
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
