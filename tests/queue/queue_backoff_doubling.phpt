--TEST--
RedisQueue: an expired task is due again after retry_backoff * 2^(attempts-1)
--DESCRIPTION--
RedisQueue: with retry_backoff 0.2, a task whose reservation expires is due
again about 0.2 s after the 1st expiry and 0.4 s after the 2nd (retry_backoff *
2^(attempts-1)); a worker blocked in reserve() picks it up then, not earlier;
release() uses its own delay instead
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['retry_backoff' => 0.2]);
$q->enqueue($name, 'job');
$t = $q->reserve($name, 1, 0.1);
echo "attempt {$t['attempts']}\n";
foreach ([0.2, 0.4] as $backoff) {
    usleep(150000);                             // the 0.1 s visibility runs out
    $t0 = rq_server_time($raw);
    $seenAt = microtime(true);
    var_dump($q->reserve($name, 1, 30));       // settles the expiry: not due yet
    $t1 = rq_server_time($raw);
    $due = (float) $raw->call('ZSCORE', "Queue:$name", 'job');
    /* Seen by the call, between the server's clock before and after it (1 ms for rounding). */
    rq_check($due >= $t0 + $backoff - 0.001 && $due <= $t1 + $backoff + 0.001, "due $backoff s after the expiry was seen (server time)", [$due - $t0, $t1 - $t0]);
    /* A wait of 30 s: one that returns it within half of that was woken when it fell due. */
    $t = $q->reserve($name, 1, 0.1, 30);
    $since = microtime(true) - $seenAt;
    echo 'attempt ', $t['attempts'] ?? '-', "\n";
    rq_check($since >= $backoff - 0.03 && $since < 15,
        "a blocked reserve() got it when it fell due, not before", sprintf('%.3f s', $since));
}
/* release() with delay 0: due at once, not after the 0.8 s backoff attempt 3 would call for. */
var_dump($q->release($name, 'job', 0, $t['receipt']));
var_dump($q->size($name)['due']);
var_dump($q->clear($name));
?>
--EXPECT--
attempt 1
bool(false)
ok: due 0.2 s after the expiry was seen (server time)
attempt 2
ok: a blocked reserve() got it when it fell due, not before
bool(false)
ok: due 0.4 s after the expiry was seen (server time)
attempt 3
ok: a blocked reserve() got it when it fell due, not before
bool(true)
int(1)
int(1)
