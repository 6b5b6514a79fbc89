--TEST--
RedisQueue: the retry backoff is capped at 3600 s: with retry_backoff 3600 the 2nd expiry makes the task due 3600 s later, not 7200; with retry_backoff 0 (the default) an expired task is due at once
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['retry_backoff' => 3600.0]);
$q->enqueue($name, 'job');
foreach ([1, 2] as $attempt) {
    $t = $q->reserve($name, 1, 0.05);
    echo "attempt {$t['attempts']}\n";
    usleep(100000);
    $t0 = rq_server_time($raw);
    var_dump($q->reserve($name));
    $delay = (float) $raw->call('ZSCORE', "Queue:$name", 'job') - $t0;
    rq_check(abs($delay - 3600) < 1, 'due 3600 s later', $delay);
    $raw->call('ZADD', "Queue:$name", (string) $t0, 'job');   // make it due now
}
echo "no backoff\n";
$p = rq_queue();
$other = rl_name();
$p->enqueue($other, 'job');
$p->reserve($other, 1, 0.05);
usleep(100000);
$t = $p->reserve($other, 1, 30);
var_dump($t['id'], $t['attempts']);
$q->clear($name);
$p->clear($other);
?>
--EXPECT--
attempt 1
bool(false)
ok: due 3600 s later
attempt 2
bool(false)
ok: due 3600 s later
no backoff
string(3) "job"
int(2)
