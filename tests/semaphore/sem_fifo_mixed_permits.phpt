--TEST--
RedisSemaphore::acquire(): strict FIFO with mixed permits: a waiter for many is not overtaken by a later waiter for few
--DESCRIPTION--
RedisSemaphore::acquire(): strict FIFO with mixed permits: with 1 of 3 permits
held, a waiter for 3 is not overtaken by a later waiter for 1 (nor by a
timeout-0 call for 1), though 2 are free; the waiter for 3 gets in when the
holder releases, the waiter for 1 only after it
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$sem = sem_new();
$holder = $sem->acquire($name, 3, 0, 30);
var_dump(is_string($holder));

$spawn = function (string $who, int $permits, int $hold_ms) use ($name, $ready, $order) {
    return l4_fork(function () use ($name, $ready, $order, $who, $permits, $hold_ms) {
        $raw = new RawRedis();
        $sem = sem_new();
        $sem->count($name); // connected
        sem_tell($raw, $ready, $who);
        $t = $sem->acquire($name, 3, l4_bound(6), 15, $permits);
        if ($t === false) {
            return 10;
        }
        sem_tell($raw, $order, "$who-in");
        usleep($hold_ms * 1000);
        sem_tell($raw, $order, "$who-out");
        return $sem->release($name, $t) ? 0 : 11;
    });
};
$big = $spawn('three', 3, 300);
sem_report($raw, $ready);
sem_settle($raw, $name, 1);
$small = $spawn('one', 1, 0);
sem_report($raw, $ready);
sem_settle($raw, $name, 2);
usleep(200000);
echo 'nobody in yet, 2 permits free: ', sem_yes($raw->call('LLEN', $order) === 0 && $sem->count($name) === 1,
    [$raw->call('LRANGE', $order, '0', '-1'), $sem->count($name)]), "\n";
var_dump($sem->acquire($name, 3, 0, 15, 1));

var_dump($sem->release($name, $holder));
echo implode(',', l4_wait([$big, $small], l4_bound(8))), "\n";
$reports = sem_reports($raw, $order);
echo implode(',', array_column($reports, 0)), "\n";
$at = array_column($reports, 1, 0);
echo 'the waiter for 1 got in after the waiter for 3 left: ', sem_yes(($at['one-in'] ?? 0) >= ($at['three-out'] ?? 99e9), $at), "\n";
var_dump($sem->count($name));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
bool(true)
nobody in yet, 2 permits free: yes
bool(false)
bool(true)
0,0
three-in,three-out,one-in,one-out
the waiter for 1 got in after the waiter for 3 left: yes
int(0)
