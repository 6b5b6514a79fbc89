--TEST--
RedisLock::lockShared(): a writer queued behind readers is never overtaken by readers that arrive after it
--DESCRIPTION--
RedisLock::lockShared(): a writer queued behind readers is never overtaken by
readers that arrive after it: lockShared($name, 0) is false although only
readers hold the lock, and a later lockShared() with a timeout gets in only
after the writer unlocked (processes)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$first = new RedisLock(rl_dsn());
$late = new RedisLock(rl_dsn());
var_dump($first->lockShared($name, 0, 30));

$writer = l4_fork(function () use ($name, $order, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name); // connected
    sem_tell($raw, $ready, 'writer');
    if (!$lock->lock($name, l4_bound(5), 15)) {
        return 10;
    }
    sem_tell($raw, $order, 'writer-in');
    usleep(300000);
    sem_tell($raw, $order, 'writer-out');
    return $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
sh_settle($raw, $name, 1);

/* Only a reader holds the lock, but a writer waits: a new reader does not get in. */
[$e, $got, $took] = sem_timed(fn () => $late->lockShared($name, 0, 15));
echo 'lockShared($name, 0) behind the queued writer: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
var_dump(sh_count($raw, $name));

$reader = l4_fork(function () use ($name, $order, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'reader');
    if (!$lock->lockShared($name, l4_bound(5), 15)) {
        return 10;
    }
    sem_tell($raw, $order, 'reader-in');
    return $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
sh_settle($raw, $name, 2);
usleep(200000);
echo 'nobody got in while the first reader holds: ', sem_yes($raw->call('LLEN', $order) === 0), "\n";

var_dump($first->unlock($name));
echo implode(',', l4_wait([$writer, $reader], l4_bound(8))), "\n";
$reports = sem_reports($raw, $order);
echo implode(',', array_column($reports, 0)), "\n";
$at = array_column($reports, 1, 0);
echo 'the reader got in after the writer left: ', sem_yes(isset($at['reader-in'], $at['writer-out']) && $at['reader-in'] >= $at['writer-out'], $at), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $order, $ready);
?>
--EXPECT--
bool(true)
string(6) "writer"
lockShared($name, 0) behind the queued writer: no exception, false, without waiting: yes
int(1)
string(6) "reader"
nobody got in while the first reader holds: yes
bool(true)
0,0
writer-in,writer-out,reader-in
the reader got in after the writer left: yes
int(0)
