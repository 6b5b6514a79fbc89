--TEST--
RedisLock::lock() promotion: while it waits, new readers queue behind it
--DESCRIPTION--
RedisLock::lock() promotion: while a promotion waits for the other reader to
leave, new lockShared() callers queue behind it (false with $timeout 0 and with
a short timeout), and get in only after the promoted writer unlocked
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$reader = new RedisLock(rl_dsn());
$late = new RedisLock(rl_dsn());
var_dump($reader->lockShared($name, 0, 30));

$promoter = l4_fork(function () use ($name, $ready, $order) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $ok = $lock->lockShared($name, 0, 30);
    sem_tell($raw, $ready, $ok ? 'shared' : 'busy');
    if (!$lock->lock($name, l4_bound(6))) {
        return 10;
    }
    sem_tell($raw, $order, 'promoted');
    usleep(300000);
    sem_tell($raw, $order, 'unlocking');
    return $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
sh_settle($raw, $name, 1);
usleep(100000);

[$e, $got, $took] = sem_timed(fn () => $late->lockShared($name, 0));
echo 'lockShared($name, 0) during the promotion: ', sem_exc($e), ', ', json_encode($got), "\n";
[$e, $got, $took] = sem_timed(fn () => $late->lockShared($name, 0.2));
echo 'lockShared($name, 0.2) during the promotion: ', sem_exc($e), ', ', json_encode($got), ', waited: ', sem_yes($took >= 0.19, $took), "\n";
var_dump(sh_count($raw, $name));

var_dump($reader->unlock($name));
[$what] = sem_report($raw, $order, 5);
var_dump($what);
var_dump($late->lockShared($name, 0));
[$e, $got, $took] = sem_timed(fn () => $late->lockShared($name, l4_bound(5)));
$in = microtime(true);
echo 'a waiting reader: ', sem_exc($e), ', ', json_encode($got), "\n";
[$what, $unlocking] = sem_report($raw, $order, 1);
echo 'it got in after the promoted writer left: ', sem_yes($what === 'unlocking' && $in >= $unlocking, [$what, $in - $unlocking]), "\n";
echo implode(',', l4_wait([$promoter], l4_bound(5))), "\n";
var_dump($late->unlock($name), $raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
bool(true)
string(6) "shared"
lockShared($name, 0) during the promotion: no exception, false
lockShared($name, 0.2) during the promotion: no exception, false, waited: yes
int(2)
bool(true)
string(8) "promoted"
bool(false)
a waiting reader: no exception, true
it got in after the promoted writer left: yes
0
bool(true)
int(0)
