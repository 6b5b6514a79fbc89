--TEST--
Laravel queue driver beside 0.2.0: a job queued with a trace context runs on a 0.2.0 worker as any other, and one 0.2.0 queues runs here with no context
--DESCRIPTION--
During a rolling deploy, producers of this release and workers of 0.2.0 (its
extension and its bridge, with Laravel's own Worker) share a queue. The trace
context is two more keys of Laravel's JSON payload, which 0.2.0 leaves alone:
its worker runs the job and acks it. The other way, a job 0.2.0 queued carries
no such keys, and this release runs it with no context.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    echo "skip $why";
}
?>
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';

use RedisLock\Bridge\TraceContext;

$so = rl_old_release('d2e53ad');
$oldInc = dirname($so, 2) . '/tests/jobs/laravel_queue.inc';
$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** Runs $code in a PHP of 0.2.0 (its extension, its bridge and test helpers, Laravel). */
$old = function (string $code) use ($so, $oldInc): array {
    $file = rl_env('REDISLOCK_TEST_TMP') . '/old-laravel-' . getmypid() . '-' . mt_rand() . '.php';
    file_put_contents($file, "<?php\nrequire " . var_export($oldInc, true) . ";\n" . $code);
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $proc = proc_open([$php, '-n', '-d', "extension=$so", '-d', 'extension=mbstring', '-d', 'extension=posix', $file],
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, ['LQ_QUEUE' => lq_queue()] + getenv());
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    return [proc_close($proc), trim($out), trim($err)];
};

$app = lq_app();
$queue = $app['queue']->connection('redislock');
TraceContext::set(TraceContext::parse($tp, 'congo=t61rcWkgMzE'));
$queue->push(new LqRecordJob('traced'));
TraceContext::set(null);
$payload = json_decode(rq_queue()->top(lq_queue())['payload'] ?? '{}', true);
rq_check(($payload['traceparent'] ?? null) === $tp, 'the payload carries the traceparent');

[$status, $out, $err] = $old('$app = lq_app(); lq_worker($app)->runNextJob("redislock", lq_queue(), lq_options());'
    . ' $app["queue"]->connection("redislock")->size(); echo json_encode(LqRecordJob::$runs), " failed: ", count($app["lq.failed"]);');
echo "0.2.0 worker: exit $status, runs $out", $err !== '' ? " ($err)" : '', "\n";
rq_check($queue->size() === 0, 'the job left the queue, acked');

[$status, $out, $err] = $old('lq_app()["queue"]->connection("redislock")->push(new LqRecordJob("from 0.2.0")); echo "queued";');
echo "0.2.0 producer: exit $status, $out", $err !== '' ? " ($err)" : '', "\n";
$job = $queue->pop();
$job->fire();
$job->delete();
echo 'this release ran "', $job->payload()['displayName'] ?? '?', '", its context: ', $job->traceContext()?->traceparent ?? 'none', "\n";
echo 'runs here: ', json_encode(LqRecordJob::$runs), "\n";
?>
--EXPECT--
ok: the payload carries the traceparent
0.2.0 worker: exit 0, runs [["start","traced",1],["end","traced",1]] failed: 0
ok: the job left the queue, acked
0.2.0 producer: exit 0, queued
this release ran "LqRecordJob", its context: none
runs here: [["start","from 0.2.0",1],["end","from 0.2.0",1]]
