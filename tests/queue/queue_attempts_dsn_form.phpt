--TEST--
RedisQueue: the DSN form "?max_attempts=2&retry_backoff=0.5" takes effect like the array form: an expired reservation is due again 0.5 s later, and the second expiry sends the task to the dead letters
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
foreach (['dsn' => new RedisQueue(rl_dsn() . '?max_attempts=2&retry_backoff=0.5'),
          'array' => rq_queue(['max_attempts' => 2, 'retry_backoff' => 0.5])] as $form => $q) {
    $name = rl_name();
    $q->enqueue($name, 'job');
    $q->reserve($name, 1, 0.05);
    usleep(100000);
    $t0 = rq_server_time($raw);
    var_dump($q->reserve($name));               // settles it: due in 0.5 s
    $t1 = rq_server_time($raw);
    $due = (float) $raw->call('ZSCORE', "Queue:$name", 'job');
    /* Seen by the call, between the server's clock before and after it (1 ms for rounding). */
    rq_check($due >= $t0 + 0.499 && $due <= $t1 + 0.501, "$form: due 0.5 s after the expiry was seen", [$due - $t0, $t1 - $t0]);
    $raw->call('ZADD', "Queue:$name", (string) $t0, 'job');   // skip the wait
    $t = $q->reserve($name, 1, 0.05);
    var_dump($t['attempts']);
    usleep(100000);
    var_dump($q->reserve($name), rq_where($raw, $name, 'job'));
}
?>
--EXPECT--
bool(false)
ok: dsn: due 0.5 s after the expiry was seen
int(2)
bool(false)
array(1) {
  [0]=>
  string(4) "dead"
}
bool(false)
ok: array: due 0.5 s after the expiry was seen
int(2)
bool(false)
array(1) {
  [0]=>
  string(4) "dead"
}
