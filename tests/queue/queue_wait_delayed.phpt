--TEST--
RedisQueue: a pop() with wait 2 picks up a task enqueued with afterInterval 0.3 when it falls due (about 0.3 s, not earlier, not much later)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$q->size($name);

$q->enqueue($name, 'soon', 10, 0.3);
$due = (float) $raw->call('ZSCORE', 'Queue:' . $name, 'soon');
[$t, $took] = rq_timed(fn() => $q->pop($name, 1, 10, 2));
$now = rq_server_time($raw);
echo 'pop: ', $t['id'] ?? json_encode($t), "\n";
rq_check($took >= 0.28 && $took < 0.6, 'picked up at about 0.3 s', sprintf('%.3f s', $took));
rq_check($now >= $due, 'not before its due time (server clock)', sprintf('due %.6f, now %.6f', $due, $now));

// The same for reserve(), and for a task enqueued while already waiting on a
// farther one: the wait follows the earlier due time.
$q->enqueue($name, 'far', 10, 1.5);
$pid = pcntl_fork();
if ($pid === 0) {
    $c = rq_queue();
    usleep(100000);
    $c->enqueue($name, 'near', 10, 0.3);
    exit(0);
}
[$t, $took] = rq_timed(fn() => $q->reserve($name, 1, 30, 3));
pcntl_waitpid($pid, $status);
echo 'reserve: ', $t['id'] ?? json_encode($t), "\n";
rq_check($took >= 0.35 && $took < 0.8, 'picked up at about 0.4 s', sprintf('%.3f s', $took));
var_dump($q->size($name));
?>
--EXPECT--
pop: soon
ok: picked up at about 0.3 s
ok: not before its due time (server clock)
reserve: near
ok: picked up at about 0.4 s
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
