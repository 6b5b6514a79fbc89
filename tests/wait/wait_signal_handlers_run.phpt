--TEST--
Every blocking wait runs PHP's async signal handlers during the wait, not when it returns, and goes on waiting when they return
--DESCRIPTION--
A queue worker's --timeout is a SIGALRM handler (pcntl_async_signals). Each wait
of the extension (lock(), lockShared(), lockMany(), RedisSemaphore::acquire(),
RedisQueue::reserve() and pop() with a wait) blocks for 3 s on a busy name or an
empty queue while SIGALRM comes after 1 s and SIGUSR1 every 0.3 s from
another process, which goes on signalling until the wait returned (18 s at
most). Each handler must run during the wait, not when the wait returns, and
the wait must still end at its own deadline with false, not before it, and not
long after it: a wait that started its timeout again after each handler would
last as long as the signals do (the bound, 10 s, is far from both). How soon after its signal a handler runs
is the machine's to keep: the extension waits in slices of 100 ms (a benchmark
figure).
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$opts = rl_options();
$name = rl_name();
$holder = new RedisLock($opts);
$holder->lock("$name:x", 0, 30);
$sem = new RedisSemaphore($opts);
$semToken = $sem->acquire("$name:s", 1, 0, 30);

$waits = [
    'lock' => fn($l, $s, $q) => $l->lock("$name:x", 3, 5),
    'lockShared' => fn($l, $s, $q) => $l->lockShared("$name:x", 3, 5),
    'lockMany' => fn($l, $s, $q) => $l->lockMany(["$name:free", "$name:x"], 3, 5),
    'acquire' => fn($l, $s, $q) => $s->acquire("$name:s", 1, 3, 5),
    'reserve' => fn($l, $s, $q) => $q->reserve("$name:q", 1, 30, 3),
    'pop' => fn($l, $s, $q) => $q->pop("$name:q", 1, 10, 3),
];
pcntl_async_signals(true);
$failures = 0;
foreach ($waits as $what => $wait) {
    $lock = new RedisLock($opts);
    $s = new RedisSemaphore($opts);
    $q = new RedisQueue($opts);
    $late = [];
    $alarm = null;
    pcntl_signal(SIGALRM, function () use (&$alarm) { $alarm = microtime(true); });
    pcntl_signal(SIGUSR1, function () use (&$late) { $late[] = microtime(true); });
    $parent = getmypid();
    $sender = l4_fork(function () use ($parent) {
        for ($i = 0; $i < 60; $i++) {
            usleep(300000);
            l4_signal($parent, 'USR1');
        }
        return 0;
    });
    $start = microtime(true);
    pcntl_alarm(1);
    $got = $wait($lock, $s, $q);
    $took = microtime(true) - $start;
    l4_signal($sender, 'TERM');
    l4_wait([$sender], 30);
    if ($got !== false) {
        $failures++;
        echo "$what: returned ", var_export($got, true), "\n";
    }
    /* The alarm's handler ran during the wait: after the alarm, and before the wait returned. */
    if ($alarm === null || $alarm < $start + 1 || $alarm >= $start + $took - 0.05) {
        $failures++;
        echo "$what: SIGALRM's handler ran ", $alarm === null ? 'never' : sprintf('after %.3f s', $alarm - $start), "\n";
    }
    $inWait = array_filter($late, fn($t) => $t < $start + $took - 0.05);
    if (count($inWait) < 2) {
        $failures++;
        echo "$what: ", count($inWait), " SIGUSR1 handlers ran during the wait\n";
    }
    if ($took < 2.9 || $took >= 10) {
        $failures++;
        echo "$what: the wait took $took s\n";
    }
}
pcntl_signal(SIGUSR1, SIG_DFL);
$holder->unlockAll();
$sem->release("$name:s", $semToken);
echo "failures: $failures\n";
?>
--EXPECT--
failures: 0
