--TEST--
RedisLock::lockShared() on a name held exclusively demotes it at once and admits the readers queued behind
--DESCRIPTION--
RedisLock::lockShared() on a name this object holds exclusively demotes it at
once (true, no wait), and the 2 readers queued behind are admitted immediately:
each gets in within 100 ms of the demotion, all three then holding it shared
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 30));
$pids = [];
for ($i = 0; $i < 2; $i++) {
    $pids[] = l4_fork(function () use ($name, $ready, $order, $i) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        sem_tell($raw, $ready, "r$i");
        if (!$lock->lockShared($name, l4_bound(5), 15)) {
            return 10;
        }
        sem_tell($raw, $order, "r$i");
        usleep(500000);
        return $lock->unlock($name) ? 0 : 11;
    });
    sem_report($raw, $ready);
    sh_settle($raw, $name, $i + 1);
}
usleep(100000);
var_dump($raw->call('LLEN', $order));

[$e, $got, $took] = sem_timed(fn () => $lock->lockShared($name, 0, 30));
$demoted = microtime(true);
echo 'demotion: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
$woken = [];
for ($i = 0; $i < 2; $i++) {
    [$who, $at] = sem_report($raw, $order, 2);
    $woken[] = sprintf('%s %s', $who, sem_yes($at - $demoted < l4_bound(1.5), round($at - $demoted, 3)));
}
sort($woken);
echo 'woken within 100 ms: ', implode(', ', $woken), "\n";
var_dump(sh_count($raw, $name));
var_dump($lock->isLocking($name));
echo implode(',', l4_wait($pids, l4_bound(5))), "\n";
var_dump($lock->unlock($name), $raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
bool(true)
int(0)
demotion: no exception, true, without waiting: yes
woken within 100 ms: r0 yes, r1 yes
int(3)
bool(true)
0,0
bool(true)
int(0)
