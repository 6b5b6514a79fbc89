--TEST--
Laravel WithoutOverlapping on our store: a job is never overlapped, and a SIGKILLed worker's key frees up once its lease runs out (Laravel's store: never)
--DESCRIPTION--
Laravel WithoutOverlapping (no expireAfter) on our store: a job of 3 leases is
never overlapped, and the key of a worker SIGKILLed mid-job frees up within
lease + 1 s; through Laravel's own redis store the killed worker's key stays
locked

Unchanged user code: a job whose middleware() is [new WithoutOverlapping($key)],
run by Laravel's own Worker::daemon(). Our store (lease 1 s) holds the
middleware's lock under the watchdog's lease: renewed while the worker lives,
lapsing within one lease once it is killed. Laravel's own RedisStore (phpredis)
gives the lock no expiry, so the same kill leaves the key locked for ever and
the next job with that key is released back, attempt after attempt.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_overlap.inc';
const LEASE = 1.0;

$dir = rq_tmpdir();
$log = "$dir/ours.log";
$theirLog = "$dir/theirs.log";
$q = fn (string $what) => lq_queue() . ":$what";
$k = ['live' => rl_name(':live'), 'doomed' => rl_name(':doomed'), 'theirs' => rl_name(':theirs')];

function lo_command(array $args, bool $phpredis): array
{
    return array_merge(lq_php_command(__DIR__ . '/laravel_overlap.inc', $phpredis), array_map('strval', $args));
}

function lo_push(string $store, string $queue, string $tag, string $key, float $seconds, string $log): void
{
    $cmd = lo_command(['push', $store, $queue, $tag, $key, $seconds, $log], $store === 'redis');
    exec(implode(' ', array_map('escapeshellarg', $cmd)) . ' 2>&1', $out, $status);
    if ($status !== 0) {
        throw new RuntimeException("push $tag: " . implode("\n", $out));
    }
}

function lo_worker(string $store, string $queue, string $out)
{
    $cmd = lo_command(['work', $store, $queue, LEASE, 30], $store === 'redis');
    return proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'a'], 2 => ['file', $out, 'a']], $pipes);
}

/** The first run of $tag in $log once $done says so of the runs, waiting up to $seconds. */
function lo_wait(string $log, string $tag, callable $done, float $seconds): ?array
{
    $deadline = microtime(true) + $seconds;
    do {
        $run = is_file($log) ? (lq_runs($log)[$tag][0] ?? null) : null;
        if ($run !== null && $done($run)) {
            return $run;
        }
        usleep(20000);
    } while (microtime(true) < $deadline);

    return null;
}

$started = fn ($run) => true;
$ended = fn ($run) => $run['end'] !== null;

lo_push('locks', $q('doomed'), 'doomed', $k['doomed'], 60, $log);
lo_push('locks', $q('live'), 'live', $k['live'], 3 * LEASE, $log);
lo_push('redis', $q('theirs-doomed'), 'doomed', $k['theirs'], 60, $theirLog);
$procs = [
    'doomed' => lo_worker('locks', $q('doomed'), "$dir/doomed.out"),
    'live' => lo_worker('locks', $q('live'), "$dir/live.out"),
    'theirs-doomed' => lo_worker('redis', $q('theirs-doomed'), "$dir/theirs-doomed.out"),
];
$live = lo_wait($log, 'live', $started, 10);
rq_check(lo_wait($log, 'doomed', $started, 10) !== null && $live !== null, 'ours: the doomed job and the live job run');
rq_check(lo_wait($theirLog, 'doomed', $started, 10) !== null, "Laravel's store: the doomed job runs");

// The next job of each key, on another worker, while those hold their keys.
lo_push('locks', $q('next'), 'next-live', $k['live'], 0, $log);
lo_push('locks', $q('next'), 'next-doomed', $k['doomed'], 0, $log);
lo_push('redis', $q('theirs-next'), 'next-doomed', $k['theirs'], 0, $theirLog);
$procs['next'] = lo_worker('locks', $q('next'), "$dir/next.out");
$procs['theirs-next'] = lo_worker('redis', $q('theirs-next'), "$dir/theirs-next.out");

$live = lo_wait($log, 'live', $ended, 10);
$nextLive = lo_wait($log, 'next-live', $started, 5);
rq_check($live !== null && $live['end'] - $live['start'] >= 3 * LEASE, 'ours: the live job ran its 3 leases', $live);
rq_check($nextLive !== null && $nextLive['start'] >= $live['end'], 'ours: the next job of its key ran after it ended, not during', [$live, $nextLive]);

usleep(500000);
rq_check((lq_runs($log)['next-doomed'] ?? []) === [], 'ours: while the doomed worker lives (more than 3 leases), the next job of its key waits', lq_runs($log));
$killed = microtime(true);
proc_terminate($procs['doomed'], 9);
proc_terminate($procs['theirs-doomed'], 9);
/* Ours runs it once the lease ran out, Laravel's never: 20 s only catches a hang. */
$nextDoomed = lo_wait($log, 'next-doomed', $started, LEASE + 20);
$after = $nextDoomed === null ? null : $nextDoomed['start'] - $killed;
rq_check($after !== null && $after <= LEASE + 20, 'ours: the next job of the killed worker\'s key ran once the lease ran out after the kill', $after);

usleep((int) (max(0, $killed + LEASE + 3 - microtime(true)) * 1e6));
$theirs = lq_runs($theirLog)['next-doomed'] ?? [];
rq_check($theirs === [], "Laravel's store: " . (LEASE + 3) . " s after the kill the next job of that key has not run (its lock never expires)", $theirs);

foreach ($procs as $proc) {
    proc_terminate($proc, 9);
    proc_close($proc);
}
foreach (glob("$dir/*.out") as $file) {
    if (trim(file_get_contents($file)) !== '') {
        echo basename($file), ":\n", file_get_contents($file);
    }
}
$raw = new RawRedis();
$raw->call('DEL', "laravel-queue-overlap:LqOverlapJob:{$k['theirs']}");
foreach (['theirs-doomed', 'theirs-next'] as $what) {
    $raw->call('DEL', 'queues:' . $q($what), 'queues:' . $q($what) . ':reserved', 'queues:' . $q($what) . ':delayed', 'queues:' . $q($what) . ':notify');
}
foreach (['doomed', 'live', 'next'] as $what) {
    rq_queue()->clear($q($what));
}
?>
--EXPECT--
ok: ours: the doomed job and the live job run
ok: Laravel's store: the doomed job runs
ok: ours: the live job ran its 3 leases
ok: ours: the next job of its key ran after it ended, not during
ok: ours: while the doomed worker lives (more than 3 leases), the next job of its key waits
ok: ours: the next job of the killed worker's key ran once the lease ran out after the kill
ok: Laravel's store: 4 s after the kill the next job of that key has not run (its lock never expires)
