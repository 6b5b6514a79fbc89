--TEST--
RedisLock::fenceLock(): on a hold with a waiter queued it fences the token and keeps the waiter's deadline
--DESCRIPTION--
RedisLock::fenceLock(): on a hold with a waiter queued (stored as
"<token>|<deadline ms>") it returns "<fence>:<token>" and stores
"<fence>:<token>|<deadline>", the deadline unchanged; releasing with the new
token hands the lock to the waiter at once
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$ready = "$name:ready";
$report = "$name:report";
$holder = new RedisLock(rl_dsn());
$token = $holder->addLock($name, 30, fenced: false);
$monitor = rl_monitor();

$waiter = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    $ok = $lock->lock($name, l4_bound(30), 15);
    $raw->call('RPUSH', $report, $ok ? 'locked' : 'busy');
    return $ok && $lock->unlock($name) ? 0 : 10;
});
$raw->call('BLPOP', $ready, '5');
var_dump(ho_until_queued($raw, $name, 1, 30));
$before = (string) $raw->call('GET', $key);
$form = preg_match('/^(.+)\|([0-9]+)$/D', $before, $m) === 1 && $m[1] === $token;
var_dump($form);

$fenced = $holder->fenceLock($name, $token);
var_dump(preg_match('/^[1-9][0-9]*:' . preg_quote($token, '/') . '$/D', (string) $fenced));
var_dump($raw->call('GET', $key) === $fenced . '|' . ($m[2] ?? ''));
var_dump($raw->call('LLEN', $report));

var_dump($holder->releaseLock($name, $fenced));
echo implode(',', l4_wait([$waiter], l4_bound(30))), "\n";
var_dump($raw->call('LPOP', $report) ?? 'nothing');
/* Handed on by the release, not at the end of a wait round: MONITOR shows its script
 * push onto the list the waiter blocked on (the server's order, which a late wake-up
 * on a loaded machine does not change). */
var_dump(l4_wakeups(rl_monitor_read($monitor), '{' . $key . '}:') === 1 ? 'handed on at once' : 'not woken');
fclose($monitor);
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
0
string(6) "locked"
string(17) "handed on at once"
int(0)
