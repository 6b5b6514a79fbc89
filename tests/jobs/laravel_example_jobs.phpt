--TEST--
Laravel queue driver: examples/jobs_laravel.php (4 workers, 30 orders, one worker SIGKILLed mid-order) reports every order charged exactly once and exits 0
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$cmd = lq_php_command(dirname(__DIR__, 2) . '/examples/jobs_laravel.php');
$env = getenv();
$env['REDISLOCK_DSN'] = rl_dsn();
$proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$deadline = microtime(true) + 55;
$out = $err = '';
stream_set_blocking($pipes[1], false);
stream_set_blocking($pipes[2], false);
/* exitcode is given once, by the first proc_get_status() that sees the end. */
while (($st = proc_get_status($proc))['running'] && microtime(true) < $deadline) {
    $out .= stream_get_contents($pipes[1]);
    $err .= stream_get_contents($pipes[2]);
    usleep(50000);
}
$running = $st['running'];
$status = $st['exitcode'];
if ($running) {
    proc_terminate($proc, 9);
}
$out .= stream_get_contents($pipes[1]);
$err .= stream_get_contents($pipes[2]);
proc_close($proc);
rq_check(!$running && $status === 0, 'the example exits 0 within 55 s', [$status, $out, $err]);
rq_check(str_contains($out, 'OK: 30 orders charged exactly once'), 'it says every order was charged exactly once', $out);
rq_check(preg_match('/orders never charged \(lost\)\s+0\n/', $out) === 1
    && preg_match('/orders charged more than once\s+0\n/', $out) === 1, 'nothing lost, nothing charged twice', $out);
rq_check(preg_match('/worker killed mid-order\s+order \d+\n/', $out) === 1, 'a worker was killed mid-order', $out);
?>
--EXPECT--
ok: the example exits 0 within 55 s
ok: it says every order was charged exactly once
ok: nothing lost, nothing charged twice
ok: a worker was killed mid-order
