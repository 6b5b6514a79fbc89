--TEST--
RedisLock::lockShared(): a run of shared waiters at the head of the queue is admitted together when the writer unlocks
--DESCRIPTION--
RedisLock::lockShared(): when a writer unlocks and the head of the queue is a
run of 3 shared waiters, all 3 are admitted together (woken by the unlock, as
MONITOR shows, and holding at once); the writer queued after them waits for all of them, and the reader queued
after that writer waits for it (processes)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));
$monitor = rl_monitor();

$spawn = function (string $who, bool $shared, int $hold_ms) use ($name, $order, $ready) {
    return l4_fork(function () use ($name, $order, $ready, $who, $shared, $hold_ms) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        sem_tell($raw, $ready, $who);
        $ok = $shared ? $lock->lockShared($name, l4_bound(30), 15) : $lock->lock($name, l4_bound(30), 15);
        if (!$ok) {
            return 10;
        }
        sem_tell($raw, $order, "$who-in");
        if ($hold_ms < 0) {
            /* The run holds until the test saw it hold at once. */
            l4_until(fn () => $raw->call('LLEN', "$name:go") > 0, 30);
        }
        usleep(max(0, $hold_ms) * 1000);
        sem_tell($raw, $order, "$who-out");
        return $lock->unlock($name) ? 0 : 11;
    });
};
$pids = [];
$n = 0;
foreach ([['r0', true, -1], ['r1', true, -1], ['r2', true, -1], ['w', false, 100], ['r3', true, 0]] as [$who, $shared, $hold]) {
    $pids[] = $spawn($who, $shared, $hold);
    sem_report($raw, $ready);
    ho_until_queued($raw, $name, ++$n, 30);
}
usleep(100000);
echo 'nobody in yet: ', sem_yes($raw->call('LLEN', $order) === 0), "\n";

$released = microtime(true);
var_dump($holder->unlock($name));
$most = 0;
$deadline = microtime(true) + l4_bound(30);
while (microtime(true) < $deadline && $most < 3) {
    $most = max($most, sh_count($raw, $name));
}
echo 'three shared holders at once: ', sem_yes($most === 3, $most), "\n";
$raw->call('RPUSH', "$name:go", '1');
echo implode(',', l4_wait($pids, l4_bound(30))), "\n";

$reports = sem_reports($raw, $order);
$at = array_column($reports, 1, 0);
$ins = array_values(array_filter(array_column($reports, 0), fn ($w) => str_ends_with($w, '-in')));
$run = array_slice($ins, 0, 3);
sort($run);
echo 'admitted first: ', implode(',', $run), '; then: ', implode(',', array_slice($ins, 3)), "\n";
/* Woken by the unlock, not at the end of a wait round: MONITOR shows pushes onto
 * the lists the five waiters blocked on, the unlock's for the run of three first,
 * then the writer's and the last reader's (the server's order, which a late wake-up
 * on a loaded machine does not change). */
$woken = l4_wakeups(rl_monitor_read($monitor), $name);
fclose($monitor);
echo 'the run admitted after the unlock, woken by it: ', sem_yes(min($at['r0-in'] ?? 0, $at['r1-in'] ?? 0, $at['r2-in'] ?? 0) >= $released && $woken >= 5, [$at, $released, $woken]), "\n";
$lastOut = max($at['r0-out'] ?? 0, $at['r1-out'] ?? 0, $at['r2-out'] ?? 0);
echo 'the writer got in after the whole run left: ', sem_yes(($at['w-in'] ?? 0) >= $lastOut, $at), "\n";
echo 'the last reader got in after the writer left: ', sem_yes(($at['r3-in'] ?? 0) >= ($at['w-out'] ?? 99e9), $at), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $order, $ready, "$name:go");
?>
--EXPECT--
bool(true)
nobody in yet: yes
bool(true)
three shared holders at once: yes
0,0,0,0,0
admitted first: r0-in,r1-in,r2-in; then: w-in,r3-in
the run admitted after the unlock, woken by it: yes
the writer got in after the whole run left: yes
the last reader got in after the writer left: yes
int(0)
