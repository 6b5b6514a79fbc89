--TEST--
RedisQueue: migrate() wakes the workers blocked on the zset layout's wake-up list, so a task enqueued onto the stream next reaches them before their wait ends
--DESCRIPTION--
A worker blocks in pop(wait: 60) and one in reserve(wait: 60) on an empty queue of
the zset layout. migrate() moves the queue onto the stream, where an enqueue
pushes nothing onto that wake-up list: before, both slept on until their wait
ended. On a server of the test's own, the test waits until the server has
blocked both, then migrates and watches the server's count of scripts run: the
workers' own look after the wake is more scripts than migrate() ran. Then a task
each: both get theirs (the test gives up at 30 s, half their wait).
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$server = new FaultServer();
$raw = $server->raw();
$stat = function () use ($raw): array {
    $info = $raw->call('INFO', 'all');
    preg_match('/^blocked_clients:(\d+)/m', $info, $b);
    preg_match('/^cmdstat_evalsha:calls=(\d+)/m', $info, $e);
    preg_match('/^cmdstat_eval:calls=(\d+)/m', $info, $v);
    return [(int) ($b[1] ?? 0), (int) ($e[1] ?? 0) + (int) ($v[1] ?? 0)];
};
$dir = rl_env('REDISLOCK_TEST_TMP');
$kids = [];
[$blocked0] = $stat();
foreach (['pop', 'reserve'] as $how) {
    @unlink("$dir/mw-$how-" . getmypid());
    $file = "$dir/mw-$how-" . getmypid();
    $pid = pcntl_fork();
    if ($pid === 0) {
        $q = new RedisQueue($server->options());
        $t = $how === 'pop' ? $q->pop($name, wait: 60) : $q->reserve($name, wait: 60);
        file_put_contents($file, $t ? (string) ($t['id'] ?? 'a task without an id') : 'nothing');
        pcntl_exec('/bin/true');
    }
    $kids[$how] = [$pid, $file];
}
$until = microtime(true) + 30;
while ($stat()[0] < $blocked0 + 2 && microtime(true) < $until) {
    usleep(10000);
}
echo $stat()[0] >= $blocked0 + 2 ? "both blocked\n" : "not blocked\n";
[, $before] = $stat();
$q = new RedisQueue($server->options());
$q->migrate($name);
[, $after_migrate] = $stat();
$woke = false;
while (!$woke && microtime(true) < $until) {
    $woke = $stat()[1] > $after_migrate;
    usleep(10000);
}
echo $woke ? "the workers looked again after migrate()\n" : "the workers slept on\n";
$q->enqueue($name, ['a', 'b']);
$got = [];
foreach ($kids as $how => [$pid, $file]) {
    while (!is_file($file) && microtime(true) < $until) {
        usleep(10000);
    }
    $got[] = is_file($file) ? file_get_contents($file) : "$how: nothing yet";
    exec('kill -9 ' . (int) $pid . ' 2>/dev/null');
    pcntl_waitpid($pid, $st);
    @unlink($file);
}
sort($got);
echo implode(' ', $got), "\n";
?>
--EXPECT--
both blocked
the workers looked again after migrate()
a b
