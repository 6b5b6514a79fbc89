--TEST--
RedisQueue: a pop() blocked with wait 3 returns a task another process enqueues 0.2 s later, right away (within 0.2-1 s), not at the end of the wait
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$q->size($name);

foreach (['pop', 'reserve'] as $method) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $c = rq_queue();
        $c->size($name);
        usleep(200000);
        $c->enqueue($name, "from-child-for-$method");
        exit(0);
    }
    [$t, $took] = rq_timed(fn() => $method === 'pop' ? $q->pop($name, 1, 10, 3) : $q->reserve($name, 1, 30, 3));
    pcntl_waitpid($pid, $status);
    var_dump(pcntl_wexitstatus($status));
    echo "$method: ", $t['id'] ?? json_encode($t), "\n";
    rq_check($took >= 0.15 && $took < 1.0, "$method: woken within 0.2-1 s", sprintf('%.3f s', $took));
}
var_dump($q->ack($name, 'from-child-for-reserve'));
var_dump($q->size($name));
?>
--EXPECT--
int(0)
pop: from-child-for-pop
ok: pop: woken within 0.2-1 s
int(0)
reserve: from-child-for-reserve
ok: reserve: woken within 0.2-1 s
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
