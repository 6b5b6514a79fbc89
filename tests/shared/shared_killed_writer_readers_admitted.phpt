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
        usleep(300000);
        return $lock->unlock($name) ? 0 : 11;
    });
    sem_report($raw, $ready);
    sh_settle($raw, $name, $i + 1);
}
l4_signal($victim, 'KILL');
echo implode(',', l4_wait([$victim], 5)), "\n";
$seen = [];
for ($i = 0; $i < 2; $i++) {
    [$who, $at] = sem_report($raw, $order, 3);
    $seen[$who] = $at - $deadline;
}
ksort($seen);
foreach ($seen as $who => $s) {
    echo "$who: not before the deadline ", sem_yes($s >= -0.01, round($s, 3)), ', within 1.5 s ', sem_yes($s < l4_bound(1.5), round($s, 3)), "\n";
}
echo implode(',', l4_wait($pids, l4_bound(5))), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
string(6) "locked"
-1
r0: not before the deadline yes, within 1.5 s yes
r1: not before the deadline yes, within 1.5 s yes
0,0
int(0)
