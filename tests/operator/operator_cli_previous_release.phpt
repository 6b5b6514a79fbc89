--TEST--
Operator CLI: on the extension of the previous release every subcommand runs or exits 5 (the extension lacks a call), never a fatal error
--DESCRIPTION--
The bridge is updated by composer and the extension by the system's packages: an
operator may run the command of this release on the extension of the one before.
Each subcommand then works, or says the extension lacks what it needs (exit 5,
as "redislock --help" documents); none may die on a class constant or a method
that extension does not have (a fatal error, exit 255).
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    echo "skip $why";
}
?>
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('d2e53ad');
$name = rl_name();
$queue = new RedisQueue(rl_options());
$queue->enqueue($name, 'a');
foreach ([['locks'], ['locks', '--semaphore'], ['inspect', $name], ['inspect', $name, '--semaphore'], ['queues'], ['limiters'], ['latches'],
    ['stats', $name], ['dead', $name], ['metrics'], ['metrics', '--json'], ['force-unlock', $name, '--yes']] as $args) {
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $cmd = array_merge([$php, '-n', '-d', "extension=$so", op_bin()], $args);
    $proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, ['REDISLOCK_DSN' => rl_dsn()] + getenv());
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($proc);
    $fatal = str_contains($out . $err, 'Fatal error') || str_contains($out . $err, 'Undefined constant');
    echo implode(' ', array_slice($args, 0, 1)), ': ', in_array($status, [0, 1, 5], true) && !$fatal ? 'ok' : "exit $status: " . trim(strtok($out . $err, "\n")), "\n";
}
$queue->clear($name);
?>
--EXPECT--
locks: ok
locks: ok
inspect: ok
inspect: ok
queues: ok
limiters: ok
latches: ok
stats: ok
dead: ok
metrics: ok
metrics: ok
force-unlock: ok
