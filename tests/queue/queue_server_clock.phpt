--TEST--
RedisQueue: a due time is the Redis server's TIME (to the microsecond) plus afterInterval, and top() judges "due" by that clock, read before and after the call
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$key = 'Queue:' . $name;
$q->enqueue($name, 'warm-up');
$q->clear($name);

// Bracket each enqueue between two readings of the server's clock.
foreach ([0, 0.5, 3600, 86400 * 365] as $delay) {
    $t0 = rq_server_time($raw);
    $q->enqueue($name, "d$delay", 10, $delay);
    $t1 = rq_server_time($raw);
    $score = (float) $raw->call('ZSCORE', $key, "d$delay");
    $ok = $score >= $t0 + $delay - 1e-6 && $score <= $t1 + $delay + 1e-6;
    rq_check($ok, "afterInterval $delay: TIME before + $delay <= score <= TIME after + $delay",
        sprintf('%.6f <= %.6f <= %.6f', $t0 + $delay, $score, $t1 + $delay));
    // Microsecond precision: the score is a whole number of microseconds.
    $us = $score * 1e6;
    rq_check(abs($us - round($us)) < 0.5, "afterInterval $delay: whole microseconds", sprintf('%.9f', $score));
}

// top() and pop() judge "due" by the server clock as well: a task due 0.5 s from
// the server's now is not due before TIME passes it.
$t = $q->top($name);
var_dump($t['id']);
$now = rq_server_time($raw);
/* Due by TIME read after it, and not older than the test (a loaded machine may take
 * seconds between the enqueue and this read). */
rq_check($t['score'] <= $now && $now - $t['score'] < 60, 'the score of a task due now is at most TIME, and from this test', [$t['score'], $now]);
$half = (float) $raw->call('ZSCORE', $key, 'd0.5');
$scores = [];
foreach (['d0', 'd0.5', 'd3600', 'd31536000'] as $id) {
    $scores[$id] = (float) $raw->call('ZSCORE', $key, $id);
}
// top() between two readings of the server's clock: every task due by the first
// is listed, none due only after the second (a loaded machine may put the call
// anywhere between the two, so a task due in between may go either way).
$judge = function (string $when) use ($q, $raw, $name, $scores) {
    $before = rq_server_time($raw);
    $ids = array_column($q->top($name, 10), 'id');
    $after = rq_server_time($raw);
    $must = array_keys(array_filter($scores, fn ($s) => $s <= $before));
    $never = array_keys(array_filter($scores, fn ($s) => $s > $after));
    rq_check(array_diff($must, $ids) === [] && array_intersect($never, $ids) === [] && in_array('d0', $ids, true),
        "top() $when: the tasks due by the server's clock, and none not yet due", [$before, $after, $ids, $scores]);
    return $ids;
};
while (rq_server_time($raw) < $half - 0.05) {
    usleep(10000);
}
$judge('just before d0.5 is due');
while (rq_server_time($raw) <= $half + 0.01) {
    usleep(10000);
}
var_dump($judge('once d0.5 is due'));
?>
--EXPECT--
ok: afterInterval 0: TIME before + 0 <= score <= TIME after + 0
ok: afterInterval 0: whole microseconds
ok: afterInterval 0.5: TIME before + 0.5 <= score <= TIME after + 0.5
ok: afterInterval 0.5: whole microseconds
ok: afterInterval 3600: TIME before + 3600 <= score <= TIME after + 3600
ok: afterInterval 3600: whole microseconds
ok: afterInterval 31536000: TIME before + 31536000 <= score <= TIME after + 31536000
ok: afterInterval 31536000: whole microseconds
string(2) "d0"
ok: the score of a task due now is at most TIME, and from this test
ok: top() just before d0.5 is due: the tasks due by the server's clock, and none not yet due
ok: top() once d0.5 is due: the tasks due by the server's clock, and none not yet due
array(2) {
  [0]=>
  string(2) "d0"
  [1]=>
  string(4) "d0.5"
}
