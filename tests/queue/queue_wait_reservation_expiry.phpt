--TEST--
RedisQueue: a worker already blocked in pop() (wait 60) gets a task whose reservation by another worker expires (visibility 0.5 s) once it expired, not at the end of its wait
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
function wait_blocked(RawRedis $raw, int $n): bool
{
    $deadline = microtime(true) + 30;
    while (blocked($raw) < $n && microtime(true) < $deadline) {
        usleep(10000);
    }
    return blocked($raw) >= $n;
}

$base = blocked($raw);
$dir = rq_tmpdir();
// Worker A blocks first: it will take the task and then crash (never ack).
$a = pcntl_fork();
if ($a === 0) {
    $t = rq_queue()->reserve($name, 1, 0.5, 60);
    file_put_contents("$dir/a", $t ? $t['id'] : 'nothing');
    exit(0);
}
rq_check(wait_blocked($raw, $base + 1), 'worker A is blocked');
// Worker B blocks second, on an empty queue.
$b = pcntl_fork();
if ($b === 0) {
    $t = rq_queue()->pop($name, 1, 10, 60);
    file_put_contents("$dir/b", json_encode([$t ? $t['id'] : 'nothing', microtime(true)]));
    exit(0);
}
rq_check(wait_blocked($raw, $base + 2), 'worker B is blocked');

$enqueuedAt = microtime(true);
rq_queue()->enqueue($name, 'job');
pcntl_waitpid($a, $status);
echo 'A reserved: ', file_get_contents("$dir/a"), "\n";
pcntl_waitpid($b, $status);
[$id, $at] = json_decode(file_get_contents("$dir/b"), true);
echo "B popped: $id\n";
$after = $at - $enqueuedAt;
/* Not before the visibility ran out; long before B's wait did (the upper bound only catches a hang). */
rq_check($after >= 0.45 && $after < 30, 'B got it once the 0.5 s visibility ran out, not at the end of its wait', sprintf('after %.3f s', $after));
?>
--EXPECT--
ok: worker A is blocked
ok: worker B is blocked
A reserved: job
B popped: job
ok: B got it once the 0.5 s visibility ran out, not at the end of its wait
