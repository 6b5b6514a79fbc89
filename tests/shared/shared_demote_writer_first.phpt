--TEST--
RedisLock::lockShared() demotion keeps queue order: a writer queued before a reader gets the lock first
--DESCRIPTION--
RedisLock::lockShared() demotion keeps queue order: with a writer queued before
a reader, demoting lets neither in (the writer waits for the demoted share, the
reader waits behind the writer); after the unlock the writer gets it first, then
the reader
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 30));
$spawn = function (string $who, bool $shared) use ($name, $ready, $order) {
    return l4_fork(function () use ($name, $ready, $order, $who, $shared) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        sem_tell($raw, $ready, $who);
        $ok = $shared ? $lock->lockShared($name, l4_bound(6), 15) : $lock->lock($name, l4_bound(6), 15);
        if (!$ok) {
            return 10;
        }
        sem_tell($raw, $order, "$who-in");
        usleep(100000);
        sem_tell($raw, $order, "$who-out");
        return $lock->unlock($name) ? 0 : 11;
    });
};
$pids = [$spawn('writer', false)];
sem_report($raw, $ready);
sh_settle($raw, $name, 1);
$pids[] = $spawn('reader', true);
sem_report($raw, $ready);
sh_settle($raw, $name, 2);

[$e, $got, $took] = sem_timed(fn () => $lock->lockShared($name, 0, 30));
echo 'demotion: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
usleep(300000);
echo 'nobody got in: ', sem_yes($raw->call('LLEN', $order) === 0, $raw->call('LRANGE', $order, '0', '-1')), "\n";
var_dump(sh_count($raw, $name));
var_dump($lock->unlock($name));
echo implode(',', l4_wait($pids, l4_bound(8))), "\n";
echo implode(',', array_column(sem_reports($raw, $order), 0)), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
bool(true)
demotion: no exception, true, without waiting: yes
nobody got in: yes
int(1)
bool(true)
0,0
writer-in,writer-out,reader-in,reader-out
int(0)
