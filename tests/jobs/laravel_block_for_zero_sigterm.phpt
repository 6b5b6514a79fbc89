--TEST--
Laravel queue driver: an idle queue:work worker blocked with block_for = 0 still stops on SIGTERM, within one wait slice (2 s), with status 0
--DESCRIPTION--
Laravel's own driver cannot handle SIGTERM while it blocks with block_for 0 (its
documentation says so). Ours waits in slices of at most 2 s; between them PHP runs
the Worker's signal handler, and pop() returns null once the Worker (the
container's queue.worker) says it should quit or pause, so the Worker's loop stops.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$dir = rq_tmpdir();
putenv('LQ_QUEUE=' . lq_queue());
$child = rl_php_file('require ' . var_export(__DIR__ . '/laravel_queue.inc', true) . ';
$app = lq_app(["block_for" => 0]);
$worker = lq_worker($app);
$app->instance("queue.worker", $worker);
echo "ready\n";
$status = $worker->daemon("redislock", lq_queue(), lq_options(1, 0.05));
echo "stopped $status\n";
exit((int) $status);');
$out = "$dir/worker.out";
$proc = proc_open(lq_php_command($child), [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'w'], 2 => ['file', $out, 'a']], $pipes);
$t = microtime(true);
while (!str_contains((string) @file_get_contents($out), 'ready') && microtime(true) - $t < 10) {
    usleep(20000);
}
usleep(1500000);   // well into its wait
$pid = proc_get_status($proc)['pid'];
$sent = microtime(true);
posix_kill($pid, SIGTERM);
$codes = lq_wait_all([$proc], 10);
$took = microtime(true) - $sent;
rq_check($codes === [0] && str_contains(file_get_contents($out), 'stopped 0'), 'the worker stopped with status 0', [$codes, file_get_contents($out)]);
rq_check($took < 2.6, 'within one wait slice of the signal', $took);
?>
--EXPECT--
ok: the worker stopped with status 0
ok: within one wait slice of the signal
