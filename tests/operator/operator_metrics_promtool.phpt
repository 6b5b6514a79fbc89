--TEST--
redislock metrics and Metrics::render(): the Prometheus text exposition is accepted by promtool check metrics
--DESCRIPTION--
The page is run through promtool check metrics with queues in every state,
locks held exclusively, shared and waited for, a semaphore, and a latch
counting and one open. It also checks:
- every family has HELP and TYPE, in base units: the queue's five run counters
  (_total) and its duration histogram, every other family a gauge, with no _total;
- label values with quotes, backslashes, line feeds and invalid UTF-8 are
  escaped: a backslash as two, a control byte or a byte that is not UTF-8 as
  \xNN, then the text format's escapes;
- redislock metrics --json gives the same samples as the text page.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
use RedisLock\Bridge\Operator\Inspector;
use RedisLock\Bridge\Operator\Metrics;

$promtool = op_promtool();
$lp = op_prefix('OpML');
$sp = op_prefix('OpMS');
$qp = op_prefix('OpMQ');
// A prefix of its own for the limiters too: under the default one, the limiters
// of tests running beside this one would come and go between two pages.
$rp = op_prefix('OpMR');
$tp = op_prefix('OpMT');
$lockDsn = rl_dsn() . '?prefix=' . rawurlencode($lp);
$l = new RedisLock($lockDsn);
$s = new RedisSemaphore(rl_dsn() . '?prefix=' . rawurlencode($sp));
$q = rq_queue(['prefix' => $qp]);
$weird = "we\"ird\\na\nme\xff";
$q->enqueue('mail', ['m1', 'm2']);
$laterAt = microtime(true);
$q->enqueue('mail', 'later', afterInterval: 60);
$q->reserve('mail', 1, 60);
$q->enqueue($weird, 'x');
$t = $q->reserve($weird, 1, 60);
$q->fail($weird, 'x', $t['receipt']);
$q->enqueue('acked', 'a1');
$t = $q->reserve('acked', 1, 60);
$q->ack('acked', 'a1', $t['receipt']);
$q->stats('acked');             // the object's counts of its acks, sent before the command reads them
$l->lock('excl', 0, 60);
$l->lockShared('reader', 0, 60);
$l->lock($weird, 0, 60);
$s->acquire('pool', 5, 0, 60, 3);
$la = new RedisLatch(rl_dsn() . '?prefix=' . rawurlencode($tp));
$la->set('batch', 3, 600);
$la->set('done', 0, 600);
$waiter = l4_spawn('$l = new RedisLock(' . var_export($lockDsn, true) . '); echo "waiting\n"; $l->lock("excl", 120, 30); sleep(120);');
echo l4_read_line($waiter[1]), "\n";
rq_check(l4_until(fn () => ($l->inspect('excl')['waiters'] ?? 0) === 1, 60), 'a waiter waits');
usleep(200000);

$r = op_cli(['metrics', '--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', $qp, '--limiter-prefix', $rp, '--latch-prefix', $tp]);
$text = $r['stdout'];
rq_check($r['status'] === 0 && $r['stderr'] === '', 'metrics: exit 0', $r);
$check = static function (string $text) use ($promtool): array {
    $proc = proc_open([$promtool, 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    fwrite($pipes[0], $text);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    return [proc_close($proc), $out];
};
[$status, $out] = $check($text);
rq_check($status === 0 && trim($out) === '', 'promtool check metrics: no error, no lint', [$status, $out]);
[$status, $out] = $check("# TYPE bad_total gauge\nbad_total{a=\"1\"} 1\nbad_total{a=\"1\"} 2\n");
rq_check($status !== 0, 'promtool does reject a bad exposition', $out);
$want = [
    'redislock_queue_tasks{queue="mail",state="due"} 1',
    'redislock_queue_tasks{queue="mail",state="delayed"} 1',
    'redislock_queue_tasks{queue="mail",state="inflight"} 1',
    'redislock_queue_tasks{queue="mail",state="dead"} 0',
    'redislock_queue_tasks{queue="we\"ird\\\\\\\\na\\\\x0ame\\\\xff",state="dead"} 1',
    'redislock_queue_overdue_reservations{queue="mail"} 0',
    'redislock_locks_held{mode="exclusive"} 2',
    'redislock_locks_held{mode="shared"} 1',
    'redislock_lock_holders{lock="excl",mode="exclusive"} 1',
    'redislock_lock_holders{lock="reader",mode="shared"} 1',
    'redislock_lock_waiters{lock="excl"} 1',
    'redislock_lock_waiters{lock="reader"} 0',
    'redislock_semaphore_permits_held{semaphore="pool"} 3',
    'redislock_semaphore_holders{semaphore="pool"} 1',
    'redislock_semaphore_waiters{semaphore="pool"} 0',
    'redislock_latch_remaining{latch="batch"} 3',
    'redislock_latch_remaining{latch="done"} 0',
];
$lines = explode("\n", $text);
rq_check(array_diff($want, $lines) === [], 'the samples, label values escaped', array_values(array_diff($want, $lines)));
$weirdLabel = 'queue="we\"ird\\\\\\\\na\\\\x0ame\\\\xff"';
rq_check(str_contains($text, "redislock_queue_processed_jobs_total{queue=\"acked\"} 1\n")
    && str_contains($text, "redislock_queue_job_duration_seconds_bucket{queue=\"acked\",le=\"+Inf\"} 1\n")
    && str_contains($text, "redislock_queue_job_duration_seconds_count{queue=\"acked\"} 1\n")
    && preg_match('/^redislock_queue_job_duration_seconds_sum\{queue="acked"\} \d+(\.\d+)?$/m', $text)
    && str_contains($text, "redislock_queue_failed_jobs_total{{$weirdLabel}} 1\n")
    && str_contains($text, "redislock_queue_dead_jobs_total{{$weirdLabel}} 1\n")
    && str_contains($text, "redislock_queue_processed_jobs_total{queue=\"mail\"} 0\n"), 'the counters: a run acked and timed, one failed into the dead letters', $text);
// The delayed task falls due 60 s after its enqueue, less what this test has
// spent since (a loaded machine may spend many seconds starting the waiter).
$spent = microtime(true) - $laterAt;
$dueIn = preg_match('/^redislock_queue_next_due_in_seconds\{queue="mail"\} (\d+(?:\.\d+)?)$/m', $text, $dm) ? (float) $dm[1] : -1.0;
rq_check(preg_match('/^redislock_queue_oldest_due_age_seconds\{queue="mail"\} \d+(\.\d+)?$/m', $text) && $dueIn <= 60 && $dueIn >= 60 - $spent - 1
    && preg_match('/^redislock_lock_oldest_wait_seconds\{lock="excl"\} \d+(\.\d+)?$/m', $text)
    && preg_match('/^redislock_latch_ttl_seconds\{latch="batch"\} \d+(\.\d+)?$/m', $text), 'ages in seconds', [$dueIn, $spent, $text]);
preg_match_all('/^# TYPE (\S+) (\S+)$/m', $text, $m);
$types = array_combine($m[1], $m[2]);
$counters = ['processed', 'failed', 'released', 'retried', 'dead'];
$expected = array_fill_keys(array_map(fn ($c) => "redislock_queue_{$c}_jobs_total", $counters), 'counter') + ['redislock_queue_job_duration_seconds' => 'histogram'];
rq_check(count($m[1]) === 32 && array_intersect_key($types, $expected) === $expected
    && array_unique(array_diff_key($types, $expected)) === ['redislock_queue_tasks' => 'gauge']
    && preg_grep('/_total$|^(?!redislock_)/', array_keys(array_diff_key($types, $expected))) === [], '32 families named redislock_*: 5 counters, a histogram, gauges with no _total', $types);
rq_check(preg_match_all('/^# HELP redislock_\S+ \S/m', $text) === 32, 'each with its HELP');

$page = Metrics::render(new Inspector(rl_dsn(), $lp, $sp, $qp, limiterPrefix: $rp, latchPrefix: $tp));
$strip = fn (string $t) => preg_replace('/ [0-9.]+$/m', '', $t);
rq_check($strip($page) === $strip($text), 'Metrics::render() gives what the command prints', [$page, $text]);
rq_check(Metrics::CONTENT_TYPE === 'text/plain; version=0.0.4; charset=utf-8', 'its content type');

$r = op_json(['metrics', '--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', $qp, '--limiter-prefix', $rp, '--latch-prefix', $tp]);
$families = array_column($r['json']['metrics'] ?? [], null, 'name');
rq_check($r['status'] === 0 && count($families) === 32 && array_keys($families['redislock_queue_tasks']) === ['name', 'help', 'type', 'samples']
    && in_array(['labels' => ['queue' => 'mail', 'state' => 'due'], 'value' => 1], $families['redislock_queue_tasks']['samples'], true), 'metrics --json: the same families and samples', $r['json']);
$raw = new RawRedis();
$raw->call('DEL', $tp . 'batch', $tp . 'done', '{' . $tp . 'done}:open');
l4_signal($waiter[2], 'KILL');
proc_close($waiter[0]);
?>
--EXPECT--
waiting
ok: a waiter waits
ok: metrics: exit 0
ok: promtool check metrics: no error, no lint
ok: promtool does reject a bad exposition
ok: the samples, label values escaped
ok: the counters: a run acked and timed, one failed into the dead letters
ok: ages in seconds
ok: 32 families named redislock_*: 5 counters, a histogram, gauges with no _total
ok: each with its HELP
ok: Metrics::render() gives what the command prints
ok: its content type
ok: metrics --json: the same families and samples
