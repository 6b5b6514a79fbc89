--TEST--
Laravel queue driver: bulk() honours each job's own delay (as Laravel's redis driver does from Laravel 10 on): jobs of one delay go in one round trip, the others are due now
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_delay.inc';
$app = lq_app();
$queued = [];
$app['events']->listen(Illuminate\Queue\Events\JobQueued::class, function ($e) use (&$queued) {
    $queued[] = $e->id;
});
$queue = $app['queue']->connection('redislock');
$raw = new RawRedis();
$jobs = [
    new LqRecordJob('now1'),
    (new LqRecordJob('d30a'))->delay(30),
    (new LqRecordJob('d60'))->delay(Illuminate\Support\Carbon::now()->addSeconds(60)),
    new LqRecordJob('now2'),
    (new LqRecordJob('d30b'))->delay(30),
    (new LqRecordJob('far'))->delay(Illuminate\Support\Carbon::now()->addYears(100)),
];
/* This queue's scripts only (the server is shared with the tests running beside
 * it), one EVALSHA each (a first use on the server adds an EVAL after NOSCRIPT). */
$monitor = rl_monitor();
$queue->bulk($jobs);
$calls = 0;
foreach (explode("\n", rl_monitor_read($monitor)) as $line) {
    $calls += (int) (preg_match('/\] "evalsha" /i', $line) && str_contains($line, '"Queue:' . lq_queue() . '"'));
}
fclose($monitor);
$s = $queue->stats();
rq_check($s['due'] === 2 && $s['delayed'] === 4, 'two due now, four delayed', $s);
rq_check($calls === 4, 'one round trip per delay (none, 30 s, the date, the far date)', $calls);
rq_check(count($queued) === 6, 'a JobQueued event for each', $queued);
$now = rq_server_time($raw);
$scores = [];
foreach ($raw->call('ZRANGE', 'Queue:' . lq_queue(), '0', '-1', 'WITHSCORES') as $i => $v) {
    if ($i % 2 === 1) {
        $scores[] = round((float) $v - $now);
    }
}
sort($scores);
rq_check(count($scores) === 6 && $scores[0] <= 0 && $scores[1] <= 0 && $scores[2] >= 29 && $scores[2] <= 30
    && $scores[3] >= 29 && $scores[3] <= 30 && $scores[4] >= 59 && $scores[4] <= 60 && $scores[5] >= 1e9 - 60,
    'due now, now, in 30 s, 30 s, 60 s and 1e9 s', $scores);
/* A refused delay: nothing queued. */
$queue->clear(null);
$queued = [];
$error = null;
try {
    $queue->bulk([new LqRecordJob('ok'), (new LqRecordJob('bad'))->delay(NAN)]);
} catch (Throwable $e) {
    $error = $e;
}
rq_check($error instanceof ValueError && $queue->size() === 0 && $queued === [], 'a refused delay: ValueError, nothing queued, no event',
    [$error ? $error->getMessage() : null, $queue->stats(), $queued]);
?>
--EXPECT--
ok: two due now, four delayed
ok: one round trip per delay (none, 30 s, the date, the far date)
ok: a JobQueued event for each
ok: due now, now, in 30 s, 30 s, 60 s and 1e9 s
ok: a refused delay: ValueError, nothing queued, no event
