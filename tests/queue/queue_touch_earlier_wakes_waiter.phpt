--TEST--
RedisQueue: touch() that moves a reservation's deadline earlier (3 s to 0.5 s) wakes a worker already blocked in reserve(wait: 5): it gets the task right after the new deadline, not at the old one
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
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
$first = $q->reserve($name, 1, 3.0);
echo 'first reservation: ', $first['id'], "\n";
$dir = rq_tmpdir();
$pid = pcntl_fork();
if ($pid === 0) {
    $t = rq_queue()->reserve($name, 1, 30, 5);
    file_put_contents("$dir/b", json_encode([$t ? $t['id'] : 'nothing', microtime(true)]));
    exit(0);
}
$deadline = microtime(true) + 3;
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
rq_check($after >= 0.45 && $after < 1.2, 'it got the task soon after the new 0.5 s deadline', sprintf('after %.3f s', $after));
?>
--EXPECT--
first reservation: job
ok: the second worker is blocked
bool(true)
second worker got: job
ok: it got the task soon after the new 0.5 s deadline
