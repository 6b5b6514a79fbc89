--TEST--
RedisQueue: a pop() or reserve() blocked with wait 60 returns a task another process enqueues once it is blocked, woken by it, not at the end of the wait
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone, so the
 * enqueue below waits until the waiting call is blocked on it. */
rq_own_main_server();
$q = rq_queue();
$name = rl_name();
$q->size($name);

foreach (['pop', 'reserve'] as $method) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $c = rq_queue();
        $c->size($name);
        rq_wait_blocked(new RawRedis(), 1);
        $c->enqueue($name, "from-child-for-$method");
        exit(0);
    }
    [$t, $took] = rq_timed(fn() => $method === 'pop' ? $q->pop($name, 1, 10, 60) : $q->reserve($name, 1, 30, 60));
    pcntl_waitpid($pid, $status);
    var_dump(pcntl_wexitstatus($status));
    echo "$method: ", $t['id'] ?? json_encode($t), "\n";
    /* Woken by the enqueue: long before the end of its wait (the upper bound only catches a hang). */
    rq_check($took < 30, "$method: woken by the enqueue, not at the end of the wait", sprintf('%.3f s', $took));
}
var_dump($q->ack($name, 'from-child-for-reserve'));
var_dump($q->size($name));
?>
--EXPECT--
int(0)
pop: from-child-for-pop
ok: pop: woken by the enqueue, not at the end of the wait
int(0)
reserve: from-child-for-reserve
ok: reserve: woken by the enqueue, not at the end of the wait
bool(true)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
