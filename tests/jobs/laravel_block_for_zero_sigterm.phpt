--TEST--
Laravel queue driver: an idle queue:work worker blocked with block_for = 0 still stops on SIGTERM between wait slices (block_for 0 waits for ever), with status 0
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
while (!str_contains((string) @file_get_contents($out), 'ready') && microtime(true) - $t < 60) {
    usleep(20000);
}
usleep(1500000);   // well into its wait
$pid = proc_get_status($proc)['pid'];
$sent = microtime(true);
posix_kill($pid, SIGTERM);
$codes = lq_wait_all([$proc], 60);
$took = microtime(true) - $sent;
rq_check($codes === [0] && str_contains(file_get_contents($out), 'stopped 0'), 'the worker stopped with status 0', [$codes, file_get_contents($out)]);
/* The wait never ends by itself: stopping at all shows the signal was seen between
 * slices; the bound only catches a hang. */
rq_check($took < 30, 'soon after the signal, not at the end of a wait', $took);
?>
--EXPECT--
ok: the worker stopped with status 0
ok: soon after the signal, not at the end of a wait
