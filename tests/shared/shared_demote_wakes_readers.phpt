--TEST--
RedisLock::lockShared() on a name held exclusively demotes it at once and admits the readers queued behind
--DESCRIPTION--
RedisLock::lockShared() on a name this object holds exclusively demotes it at
once (true, no wait), and the 2 readers queued behind are admitted immediately:
the demotion's script wakes each (MONITOR shows it push onto the list each
blocked on) and each gets in after it, all three then holding it shared
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 30));
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
        /* It holds until the test has counted the holders. */
        l4_until(fn () => $raw->call('LLEN', "$name:go") > 0, 30);
        return $lock->unlock($name) ? 0 : 11;
    });
    sem_report($raw, $ready);
    sh_settle($raw, $name, $i + 1);
}
usleep(100000);
var_dump($raw->call('LLEN', $order));

$demoting = microtime(true);
[$e, $got, $took] = sem_timed(fn () => $lock->lockShared($name, 0, 30));
echo 'demotion: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
$woken = [];
for ($i = 0; $i < 2; $i++) {
    [$who, $at] = sem_report($raw, $order, 30);
    $woken[] = sprintf('%s %s', $who, sem_yes($at >= $demoting, round($at - $demoting, 3)));
}
sort($woken);
echo 'in after the demotion: ', implode(', ', $woken), "\n";
var_dump(sh_count($raw, $name));
var_dump($lock->isLocking($name));
$raw->call('RPUSH', "$name:go", '1');
echo implode(',', l4_wait($pids, l4_bound(30))), "\n";
/* Woken by the demotion, not at the end of a wait round: MONITOR shows its script
 * push onto the lists both readers blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
echo 'both woken by the demotion: ', sem_yes(($n = l4_wakeups(rl_monitor_read($monitor), $name)) === 2, $n), "\n";
fclose($monitor);
var_dump($lock->unlock($name), $raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $order, "$name:go");
?>
--EXPECT--
bool(true)
int(0)
demotion: no exception, true, without waiting: yes
in after the demotion: r0 yes, r1 yes
int(3)
bool(true)
0,0
both woken by the demotion: yes
bool(true)
int(0)
