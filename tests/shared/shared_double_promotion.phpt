--TEST--
RedisLock::lock() promotion by two readers: the second promoter gets false at once and keeps its shared hold
--DESCRIPTION--
RedisLock::lock() promotion by two readers: the second promoter gets false at
once (well under its 3 s timeout) and keeps its shared hold; the first gets the
lock exclusively as soon as the second unlocks (processes)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$second = new RedisLock(rl_dsn());
var_dump($second->lockShared($name, 0, 30));

$first = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $ok = $lock->lockShared($name, 0, 30);
    sem_tell($raw, $ready, $ok ? 'shared' : 'busy');
    $ok = $lock->lock($name, l4_bound(6));
    sem_tell($raw, $report, $ok ? 'promoted' : 'failed');
    if (!$ok) {
        return 10;
    }
    $fence = $lock->fencingToken($name);
    return is_int($fence) && $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
/* The first promotion is waiting now. */
sh_settle($raw, $name, 1);
usleep(150000);
var_dump($raw->call('LLEN', $report));

[$e, $got, $took] = sem_timed(fn () => $second->lock($name, 3));
echo 'second promotion: ', sem_exc($e), ', ', json_encode($got), ', without waiting out its 3 s: ', sem_yes($took < l4_bound(1.5), $took), "\n";
var_dump($second->isLocking($name), sh_count($raw, $name));
var_dump($raw->call('LLEN', $report));

$unlocked = microtime(true);
var_dump($second->unlock($name));
[$what, $at] = sem_report($raw, $report, 5);
var_dump($what);
echo 'promoted within 1.5 s of the unlock: ', sem_yes($at - $unlocked < l4_bound(1.5), $at - $unlocked), "\n";
echo implode(',', l4_wait([$first], l4_bound(5))), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
string(6) "shared"
int(0)
second promotion: no exception, false, without waiting out its 3 s: yes
bool(true)
int(2)
int(0)
bool(true)
string(8) "promoted"
promoted within 1.5 s of the unlock: yes
0
int(0)
