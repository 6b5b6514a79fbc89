--TEST--
RedisQueue: touch() that moves a reservation's deadline earlier (60 s to 0.5 s) wakes a worker already blocked in reserve(wait: 30): it gets the task after the new deadline, not at the old one
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone. */
rq_own_main_server();
$name = rl_name();
$raw = new RawRedis();
function blocked(RawRedis $raw): int
{
    preg_match('/blocked_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
    return (int) $m[1];
}
$base = blocked($raw);
$q = rq_queue();
$q->enqueue($name, 'job');
$first = $q->reserve($name, 1, 60);
echo 'first reservation: ', $first['id'], "\n";
$dir = rq_tmpdir();
$pid = pcntl_fork();
if ($pid === 0) {
    $t = rq_queue()->reserve($name, 1, 30, 30);
    file_put_contents("$dir/b", json_encode([$t ? $t['id'] : 'nothing', microtime(true)]));
    exit(0);
}
$deadline = microtime(true) + 30;
while (blocked($raw) <= $base && microtime(true) < $deadline) {
    usleep(10000);
}
rq_check(blocked($raw) > $base, 'the second worker is blocked');
$touchedAt = microtime(true);
var_dump($q->touch($name, 'job', 0.5, $first['receipt']));
pcntl_waitpid($pid, $status);
[$id, $at] = json_decode(file_get_contents("$dir/b"), true);
echo "second worker got: $id\n";
$after = $at - $touchedAt;
/* Not before the new deadline; long before the old one and the end of the wait. */
rq_check($after >= 0.45 && $after < 15, 'it got the task after the new 0.5 s deadline, not at the old one', sprintf('after %.3f s', $after));
?>
--EXPECT--
first reservation: job
ok: the second worker is blocked
bool(true)
second worker got: job
ok: it got the task after the new 0.5 s deadline, not at the old one
