--TEST--
RedisLock: a holder that shortens its lock to 2.5 s or more does not wake the waiting head; shorter, it does
--DESCRIPTION--
RedisLock: a holder that shortens its lock to a lifetime of 2.5 s or more
(expire 30 s -> 10 s, as symfony's Lock does after taking 300 s) does not wake
the waiting head, which comes back within that anyway; shortened below 2.5 s it
does wake it; the waiter gets the lock at the unlock either way
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

$w = l4_fork(function () use ($name) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    if (!$lock->lock($name, l4_bound(8), 10)) {
        return 10;
    }
    $raw->call('RPUSH', "$name:got", '1');
    return $lock->unlock($name) ? 0 : 11;
});
var_dump(ho_until_queued($raw, $name, 1));
usleep(100000);                   // the waiter is blocked now

/* The wake-ups the scripts push for this lock: RPUSH run inside a script, to a
 * list named after it (the server is shared with the tests running beside this
 * one, whose scripts push their own). Each read ends at a marker sent after the call. */
$pushes = fn (string $seen) => count(array_filter(ho_commands($seen, $name),
    fn ($c) => $c['client'] === 'lua' && $c['args'][0] === 'RPUSH'));
$monitor = rl_monitor();
var_dump($holder->expire($name, 10));
echo "shortened to 10 s: ", $pushes(rl_monitor_read($monitor, 0.0)), " wake-up(s)\n";
var_dump($holder->expire($name, 2));
echo "shortened to 2 s: ", $pushes(rl_monitor_read($monitor, 0.0)), " wake-up(s)\n";
fclose($monitor);

var_dump($holder->unlock($name));
var_dump($raw->call('BLPOP', "$name:got", '5')[1] ?? 'nothing');
echo implode(',', l4_wait([$w], l4_bound(10))), "\n";
$raw->call('DEL', "$name:got");
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
shortened to 10 s: 0 wake-up(s)
bool(true)
shortened to 2 s: 1 wake-up(s)
bool(true)
string(1) "1"
0
