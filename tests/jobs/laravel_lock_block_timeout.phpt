--TEST--
Laravel queue worker: --timeout ends a job blocked in Cache::lock()->block() on the redislock store at the timeout, not when the block ends
--DESCRIPTION--
Laravel's worker enforces --timeout with a SIGALRM handler (pcntl async signals)
that kills the worker. A job waits in Cache::lock('x', 30)->block(12) on our
store while another process holds the lock; the worker runs with --timeout=2.
The worker must be gone within about 2 s of the job's start (our wait lets PHP's
signal handlers run), not after the 12 s block, and the job never reaches its end.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_lock_block_worker.inc';
$dir = rq_tmpdir();
$log = "$dir/job.log";
$name = rl_name();
$app = lb_app();
$store = $app['cache']->store('locks');
$held = $store->lock($name, 120);
rq_check($held->get() === true, 'another process holds the lock');
$app['queue']->connection('redislock')->push(new LqBlockJob($name, 60, $log));
$cmd = array_merge(lq_php_command(__DIR__ . '/laravel_lock_block_worker.inc'), ['2']);
$proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/worker.out", 'a'], 2 => ['file', "$dir/worker.out", 'a']],
    $pipes, null, ['LQ_QUEUE' => lq_queue()] + getenv());
$codes = lq_wait_all([$proc], 90);
$lines = file_exists($log) ? file($log, FILE_IGNORE_NEW_LINES) : [];
$start = isset($lines[0]) ? (float) explode(' ', $lines[0])[1] : null;
$took = microtime(true) - ($start ?? microtime(true));
rq_check(count($lines) === 1 && $start !== null, 'the job started and never reached its end', $lines);
/* The timeout is 2 s, the block 60 s: the bound only separates the two. */
rq_check($codes[0] !== 0 && $took < 30, 'the worker ended itself at the timeout, not after the 60 s block', [$codes, $took]);
$held->release();
$app['queue']->connection('redislock')->clear(lq_queue());
?>
--EXPECT--
ok: another process holds the lock
ok: the job started and never reached its end
ok: the worker ended itself at the timeout, not after the 60 s block
