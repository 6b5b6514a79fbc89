--TEST--
RedisQueue pause(): workers blocked before a pause look again, a pop() waits only on the queues not paused, pause/resume cycles leave one empty entry, foreign keys refuse
--DESCRIPTION--
1. zset layout: a worker blocked in reserve() (wait 20 s) before pause(30) is woken
   by pause() and blocks again (a second BLPOP, long before its own wait ends),
   now until the pause's end; resume() then gives it the task.
2. stream layout: a pop() waiting on [paused queue, running queue] waits on the
   running queue's stream only: ten tasks queued on the paused one make no more
   XREAD than its once-a-second look; a task on the running one is what it gets.
3. 50 pauses and resumes of a stream-layout queue nobody reads leave one empty
   entry, not one per call; the tasks still come once, in order.
4. Another application's keys: a hash at the pause key makes pause() and resume()
   refuse (RedisLockServerException, WRONGTYPE), the hash left as it was; a
   string at the stream key makes pause() refuse with no pause written.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer();
$raw = $srv->raw();
$dsn = 'redis://127.0.0.1:' . $srv->port;
$q = new RedisQueue($dsn);
/** Waits (at most $seconds) until $cmd's calls pass $than; the calls then. */
function calls_past(RawRedis $raw, string $cmd, int $than, float $seconds): int
{
    $deadline = microtime(true) + $seconds;
    do {
        $n = rq_cmd_calls($raw, $cmd);
        if ($n > $than) {
            break;
        }
        usleep(10000);
    } while (microtime(true) < $deadline);
    return $n;
}

echo "-- 1\n";
$z = rl_name('z');
$q->enqueue($z, 'setup');
$q->ack($z, 'setup', $q->reserve($z)['receipt']);
[$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . var_export($dsn, true) . ');'
    . 'echo "ready\n"; $t = $q->reserve(' . var_export($z, true) . ', 1, 30, 20);'
    . 'echo $t ? $t["id"] : "nothing", "\n";');
rq_read_line($out, 30);
rq_check(rq_wait_blocked($raw, 1) === 1, 'the worker is blocked');
$blpop = rq_cmd_calls($raw, 'blpop');
$q->pause($z, 30);
rq_check(calls_past($raw, 'blpop', $blpop, 10) > $blpop, 'pause() woke it: it blocked again (within 10 s of a 20 s wait)');
$q->enqueue($z, 'a');
rq_check(rq_wait_blocked($raw, 1) === 1, 'it waits on: paused');
$q->resume($z);
rq_check(rq_read_line($out, 30) === 'a', 'resume(): it gets the task');
fclose($out);
proc_close($proc);

echo "-- 2\n";
$p = rl_name('sp');
$r = rl_name('sr');
$q->migrate($p);
$q->migrate($r);
$q->pause($p);
[$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . var_export($dsn, true) . ');'
    . 'echo "ready\n"; $t = $q->pop(' . var_export([$p, $r], true) . ', 1, 10, 20);'
    . 'echo $t ? $t["id"] : "nothing", "\n";');
rq_read_line($out, 30);
rq_check(rq_wait_blocked($raw, 1) === 1, 'the pop() worker is blocked');
$xread = rq_cmd_calls($raw, 'xread');
$t0 = microtime(true);
for ($i = 0; $i < 10; $i++) {
    $q->enqueue($p, "t$i");
    usleep(20000);
}
$looks = (int) ceil(microtime(true) - $t0) + 1;       // its once-a-second looks meanwhile, at most
$woken = rq_cmd_calls($raw, 'xread') - $xread;
rq_check($woken <= $looks, "ten tasks on the paused queue: no more XREAD than its once-a-second looks", $woken);
$q->enqueue($r, 'r1');
rq_check(rq_read_line($out, 30) === 'r1', 'a task of the running queue is what it gets');
fclose($out);
proc_close($proc);
$q->resume($p);

echo "-- 3\n";
$s = rl_name('cycles');
$q->migrate($s);
$q->enqueue($s, ['a', 'b']);
for ($i = 0; $i < 50; $i++) {
    $q->pause($s, $i % 2 ? 0 : 60);
    $q->resume($s);
}
$len = $raw->call('XLEN', '{Queue:' . $s . '}:stream');
rq_check($len <= 3, '50 pauses and resumes nobody read leave one empty entry beside the 2 tasks', $len);
$got = [];
while ($t = $q->reserve($s)) {
    $got[] = $t['id'];
    $q->ack($s, $t['id'], $t['receipt']);
}
rq_check($got === ['a', 'b'] && $q->size($s)['due'] === 0, 'the tasks come once, in order; no empty entry is a task', $got);
$q->clear($s);

echo "-- 4\n";
$f = rl_name('foreign');
$raw->call('HSET', '{Queue:' . $f . '}:paused', 'app', 'data');
foreach (['pause', 'resume'] as $call) {
    try {
        $q->$call($f);
        echo "$call: no error\n";
    } catch (RedisLockServerException $e) {
        echo "$call: ", get_class($e), ' ', str_contains($e->getMessage(), 'WRONGTYPE') ? 'WRONGTYPE' : $e->getMessage(), "\n";
    }
}
rq_check($raw->call('HGETALL', '{Queue:' . $f . '}:paused') === ['app', 'data'], "the foreign hash is left as it was");
$raw->call('DEL', '{Queue:' . $f . '}:paused');
$raw->call('SET', '{Queue:' . $f . '}:stream', 'not a stream');
try {
    $q->pause($f);
    echo "pause: no error\n";
} catch (RedisLockServerException $e) {
    echo 'pause: ', get_class($e), "\n";
}
rq_check($raw->call('EXISTS', '{Queue:' . $f . '}:paused') === 0, 'no pause was written');
?>
--EXPECT--
-- 1
ok: the worker is blocked
ok: pause() woke it: it blocked again (within 10 s of a 20 s wait)
ok: it waits on: paused
ok: resume(): it gets the task
-- 2
ok: the pop() worker is blocked
ok: ten tasks on the paused queue: no more XREAD than its once-a-second looks
ok: a task of the running queue is what it gets
-- 3
ok: 50 pauses and resumes nobody read leave one empty entry beside the 2 tasks
ok: the tasks come once, in order; no empty entry is a task
-- 4
pause: RedisLockServerException WRONGTYPE
resume: RedisLockServerException WRONGTYPE
ok: the foreign hash is left as it was
pause: RedisLockServerException
ok: no pause was written
