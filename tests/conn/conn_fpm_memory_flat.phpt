--TEST--
PHP-FPM: one worker's memory stays flat over up to 3,000 requests that each make and use every class (locks, a leased lock, a semaphore, the queue on both layouts with a deferred ack, the limiter)
--DESCRIPTION--
Every allocation an object makes is freed with it, so a worker that makes new
objects in every request does not grow. A php-fpm pool of one static worker
serves a page that makes and uses, in every request: RedisLock (lock, unlock),
a RedisLock with the watchdog (a leased lock, renewed by its thread), a
RedisSemaphore (acquire, release), a RedisQueue on the zset layout (enqueue,
reserve, ack) and one on the stream layout (enqueue, reserve, a deferred ack
sent by the next call), and a RedisRateLimiter (consume). After 2,000 requests
of warm-up the worker's resident memory (VmRSS) is read, then again after
3,000 more (or as many as 110 s allow on a loaded machine, at least 2,000):
it grows by less than 20 bytes per request. A leak of 40 bytes of persistent
memory per request would add 40 or more (malloc rounds each block up); without
one the worker grew by 0 KiB in the runs measured. Memory of
the request that an object does not free is given back at the request's end,
so every 100th request also makes and uses every class 6 times and reads what
the last 4 rounds left allocated in the request (memory_get_usage()): nothing.
It runs alone: a worker and its client kept busy for up to two minutes would
slow every test beside it.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/fpm_test.inc';
$pool = new FpmPool(<<<'PAGE'
<?php
/* One use of every class; true when every call answered as it should. */
function round_of_every_class(string $p, string $n): bool
{
    $o = ['host' => getenv('REDISLOCK_TEST_HOST'), 'port' => (int) getenv('REDISLOCK_TEST_PORT')];
    $ok = [];
    $lock = new RedisLock($o);
    $ok[] = $lock->lock("$p:l", 0, 10) && $lock->unlock("$p:l");
    $leased = new RedisLock($o + ['watchdog' => ['lease' => 5, 'max_hold' => 60]]);
    $ok[] = $leased->lock("$p:w", 0, 10) && $leased->unlock("$p:w");
    $sem = new RedisSemaphore($o);
    $t = $sem->acquire("$p:s", 3, 0, 10);
    $ok[] = is_string($t) && $sem->release("$p:s", $t);
    $zset = new RedisQueue($o + ['queue_layout' => 'zset']);
    $ok[] = $zset->enqueue("$p:qz", "job$n");
    $r = $zset->reserve("$p:qz", 1, 30);
    $ok[] = is_array($r) && $zset->ack("$p:qz", $r['id'], $r['receipt']);
    $stream = new RedisQueue($o);
    $ok[] = $stream->enqueue("$p:qs", "job$n", payload: "payload $n");
    $r = $stream->reserve("$p:qs", 1, 30);
    $ok[] = is_array($r) && $stream->ack("$p:qs", $r['id'], $r['receipt'], defer: true);
    $size = $stream->size("$p:qs");
    $ok[] = $size['due'] === 0 && $size['inflight'] === 0;
    $limiter = new RedisRateLimiter($o);
    $ok[] = $limiter->consume("$p:r", 1000000000, 1)['allowed'];
    return !in_array(false, $ok, true);
}
/* Two rounds, then four more: the bytes those four leave allocated in the
 * request (measured inside a function, whose variables all exist before). */
function rounds(string $p, string $n): string
{
    $ok = round_of_every_class($p, "{$n}a") && round_of_every_class($p, "{$n}b");
    $i = 0;
    $m = memory_get_usage();
    for (; $i < 4; $i++) {
        $ok = round_of_every_class($p, "$n$i") && $ok;
    }
    $kept = memory_get_usage() - $m;
    return ($ok ? 'ok' : 'failed') . ' ' . getmypid() . ' ' . $kept;
}
if (isset($_GET['check'])) {
    echo rounds($_GET['p'], $_GET['n']);
} else {
    echo round_of_every_class($_GET['p'], $_GET['n']) ? 'ok' : 'failed', ' ', getmypid(), ' 0';
}
PAGE);
$p = rl_name();
/* The second queue on the stream layout, where a queue goes by migrate() only. */
(new RedisQueue(rl_dsn()))->migrate("$p:qs");
$kept = 0;
/* Requests $from, $from + 1, ... up to $to, or until $until (microtime): the
 * workers' pids seen and how many requests were served. */
$run = function (int $from, int $to, float $until) use ($pool, $p, &$kept): array {
    $pids = [];
    for ($n = $from; $n < $to && microtime(true) < $until; $n++) {
        $reply = $pool->get("p=" . rawurlencode($p) . "&n=$n" . ($n % 100 === 0 ? '&check=1' : ''));
        if (!preg_match('/^ok (\d+) (-?\d+)$/', $reply, $m)) {
            exit("request $n: $reply\n");
        }
        $pids[$m[1]] = true;
        $kept = max($kept, (int) $m[2]);
    }
    return [array_keys($pids), $n - $from];
};
/* Bounded in time as well (the harness stops a test at 180 s): a loaded machine
 * serves fewer requests, and the bound is per request. */
[$pids] = $run(0, 2000, microtime(true) + 30);
$before = fpm_rss_kib($pids[0]);
[$more, $served] = $run(2000, 5000, microtime(true) + 110);
$after = fpm_rss_kib($pids[0]);
$pids = array_unique(array_merge($pids, $more));
echo 'one worker served every request: ', count($pids) === 1 ? 'yes' : 'no (' . implode(',', $pids) . ')', "\n";
echo 'it served at least 2,000 requests after the warm-up: ', $served >= 2000 ? 'yes' : "no ($served)", "\n";
echo 'its memory is read: ', $before > 0 && $after > 0 ? 'yes' : 'no', "\n";
echo 'the queue used the stream layout: ', (new RawRedis())->call('TYPE', '{Queue:' . $p . ':qs}:stream') === 'stream' ? 'yes' : 'no', "\n";
echo 'six rounds of every class left nothing allocated in a request: ', $kept <= 0 ? 'yes' : "no (the last 4 rounds left $kept bytes)", "\n";
$grew = ($after - $before) * 1024;
echo 'its RSS grew by less than 20 bytes per request: ', $grew < 20 * max($served, 1) ? 'yes' : "no ($before KiB, then $after KiB after $served requests)", "\n";
?>
--EXPECT--
one worker served every request: yes
it served at least 2,000 requests after the warm-up: yes
its memory is read: yes
the queue used the stream layout: yes
six rounds of every class left nothing allocated in a request: yes
its RSS grew by less than 20 bytes per request: yes
