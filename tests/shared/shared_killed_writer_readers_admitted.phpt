--TEST--
RedisLock::lockShared(): a writer killed with SIGKILL while 2 readers wait: at the writer's deadline (1 s) both readers are admitted together, not before it, woken by it
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$victim = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $before = microtime(true);
    $ok = $lock->lock($name, 0, 1);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f', $ok ? 'locked' : 'busy', $before));
    sleep(30);
    return 10;
});
[$state, $before] = sem_report($raw, $ready);
var_dump($state);
$deadline = $before + 1.0;
$monitor = rl_monitor();
$pids = [];
for ($i = 0; $i < 2; $i++) {
    $pids[] = l4_fork(function () use ($name, $ready, $order, $i) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        sem_tell($raw, $ready, "r$i");
        if (!$lock->lockShared($name, l4_bound(30), 15)) {
            return 10;
        }
        sem_tell($raw, $order, "r$i");
        usleep(300000);
        return $lock->unlock($name) ? 0 : 11;
    });
    sem_report($raw, $ready);
    sh_settle($raw, $name, $i + 1);
}
/* The writer's deadline, on the server's clock (marked in its value once a waiter
 * queued; else the key's own end). */
$end = l4_marked_deadline($raw, $name) ?? ho_redis_ms($raw) / 1000 + max(0, (int) $raw->call('PTTL', l4_key($name))) / 1000;
l4_signal($victim, 'KILL');
echo implode(',', l4_wait([$victim], 5)), "\n";
$seen = [];
for ($i = 0; $i < 2; $i++) {
    [$who, $at] = sem_report($raw, $order, 30);
    $seen[$who] = $at - $deadline;
}
ksort($seen);
foreach ($seen as $who => $s) {
    echo "$who: not before the deadline ", sem_yes($s >= -0.01, round($s, 3)), "\n";
}
echo implode(',', l4_wait($pids, l4_bound(30))), "\n";
/* Not a wait round (2 s) past the deadline: every BLPOP either reader sent asked the server to
 * give it back by the killed holder's deadline (and the 50 ms the server's timeout is
 * given beyond the client's), as MONITOR shows: what it asked, on the server's clock,
 * which a late wake-up on a loaded machine does not change. */
$late = array_filter(l4_blpops(rl_monitor_read($monitor), '{' . l4_key($name) . '}:'), fn ($b) => $b['ends'] > $end + 0.06);
fclose($monitor);
echo 'blocked until the deadline: ', sem_yes(!$late, [$end, $late]), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
string(6) "locked"
-1
r0: not before the deadline yes
r1: not before the deadline yes
0,0
blocked until the deadline: yes
int(0)
