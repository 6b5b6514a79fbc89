--TEST--
RedisQueue::pop() from a queue of bare ids with nothing due answers from its fast path (no range scans), with the time until the next due task still right
--DESCRIPTION--
A pop() from one queue with nothing in flight, no records and no payloads that
finds nothing due has nothing to settle and nothing to skip: the first task its
ZPOPMIN took and put back is the next one due. It answers false without the
general path's range scans (ZRANGEBYSCORE, ZRANGE), whether the queue is empty
or holds only delayed tasks, and a pop() with a wait still wakes when the
delayed task falls due (about 0.3 s, not the whole wait), by the server's clock.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: the command counts in INFO commandstats are the test's alone. */
rq_own_main_server();
$name = rl_name();
$raw = new RawRedis();
$q = rq_queue();
$q->pop("$name:warm");
$scans = fn(): int => rq_cmd_calls($raw, 'zrangebyscore') + rq_cmd_calls($raw, 'zrange');

$before = $scans();
rq_check($q->pop($name) === false, 'an empty queue: false');
rq_check($scans() === $before, 'no range scan', $scans() - $before);

$q->enqueue($name, 'soon', afterInterval: 0.3);
$due = (float) $raw->call('ZSCORE', "Queue:$name", 'soon');
$before = $scans();
rq_check($q->pop($name) === false, 'only a delayed task: false');
rq_check($scans() === $before, 'no range scan', $scans() - $before);
rq_check($raw->call('ZSCORE', "Queue:$name", 'soon') === (string) $due || (float) $raw->call('ZSCORE', "Queue:$name", 'soon') === $due,
    'the delayed task is back, its due time unchanged');

/* A wait far longer than the delay: a pop that returns the task was woken when it fell due. */
[$t, $took] = rq_timed(fn() => $q->pop($name, 1, 10, 30));
$now = rq_server_time($raw);
rq_check(($t['id'] ?? null) === 'soon' && $took < 30, 'a pop with wait 30 gets it when it falls due', [$t, sprintf('%.3f s', $took)]);
rq_check($now >= $due, 'not before its due time (server clock)', sprintf('due %.6f, now %.6f', $due, $now));
$q->clear($name);
?>
--EXPECT--
ok: an empty queue: false
ok: no range scan
ok: only a delayed task: false
ok: no range scan
ok: the delayed task is back, its due time unchanged
ok: a pop with wait 30 gets it when it falls due
ok: not before its due time (server clock)
