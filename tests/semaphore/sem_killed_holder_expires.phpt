--TEST--
RedisSemaphore: a holder killed with SIGKILL keeps its 2 permits until its own $expire (1.5 s); a waiter for them gets in not before that deadline, woken by it
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$sem = sem_new();
$sem->count($name); // connected

$victim = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    $before = microtime(true);
    /* 1.5 s: long enough not to lapse before the checks that it holds. */
    $t = $sem->acquire($name, 2, 0, 1.5, 2);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f', $t !== false ? 'held' : 'busy', $before));
    sleep(30);
    return 10;
});
[$state, $before] = sem_report($raw, $ready);
var_dump($state);
$deadline = $before + 1.5;
$end = max(sem_zset($raw, sem_key($name)) ?: [0]) / 1000;   // its deadline, on the server's clock
l4_signal($victim, 'KILL');
echo implode(',', l4_wait([$victim], 5)), "\n";
var_dump($sem->count($name), $sem->acquire($name, 2));

$t = false;
$monitor = rl_monitor();
[$e, $t, $took] = sem_timed(fn () => $sem->acquire($name, 2, l4_bound(30), 15, 2));
$at = microtime(true);
echo 'acquired: ', sem_exc($e), ', ', sem_yes(is_string($t)), "\n";
echo 'not before the deadline: ', sem_yes($at >= $deadline - 0.01, $at - $deadline), "\n";
/* Not a wait round (2 s) past the deadline: every BLPOP the waiter sent asked the
 * server to give it back by the holder's deadline (and the 50 ms the server's timeout
 * is given beyond the client's), as MONITOR shows: what it asked, on the server's
 * clock, which a late wake-up on a loaded machine does not change. */
$late = array_filter(l4_blpops(rl_monitor_read($monitor), '{' . sem_key($name) . '}:'), fn ($b) => $b['ends'] > $end + 0.06);
fclose($monitor);
echo 'blocked until the deadline: ', sem_yes($end > 0 && !$late, [$end, $late]), "\n";
var_dump($sem->count($name), $sem->release($name, (string) $t));
$raw->call('DEL', $ready);
?>
--EXPECT--
string(4) "held"
-1
int(2)
bool(false)
acquired: no exception, yes
not before the deadline: yes
blocked until the deadline: yes
int(2)
bool(true)
