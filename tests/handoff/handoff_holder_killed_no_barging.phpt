--TEST--
RedisLock::lock(): when a holder is killed with a waiter queued, the waiter gets the lock and no $timeout 0 caller barges in
--DESCRIPTION--
RedisLock::lock(): a holder killed with SIGKILL while a waiter is queued:
$timeout 0 calls hammering around its expiry never get the lock, the queued
waiter does, within 250 ms of the holder's deadline
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$ready = "$name:ready";
$report = "$name:report";
$caller = new RedisLock(rl_dsn());
$caller->isLocked($name); // connected

/* The holder takes the lock for 1 s, says when it asked, and hangs until killed. */
$holder = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $before = microtime(true);
    $ok = $lock->lock($name, 0, 1);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f', $ok ? 'locked' : 'busy', $before));
    sleep(30);
    return 10;
});
[, $line] = $raw->call('BLPOP', $ready, '5') ?? [null, 'none 0'];
[$state, $before] = explode(' ', $line . ' 0');
var_dump($state);
$expiry = (float) $before + 1.0;

$waiter = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    $ok = $lock->lock($name, l4_bound(5), 15);
    $raw->call('RPUSH', $report, sprintf('%s %.6f', $ok ? 'locked' : 'busy', microtime(true)));
    usleep(20000);
    return $ok && $lock->unlock($name) ? 0 : 11;
});
$raw->call('BLPOP', $ready, '5');
var_dump(ho_until_queued($raw, $name, 1));
l4_signal($holder, 'KILL');
echo implode(',', l4_wait([$holder], 5)), "\n";

/* Try, try, try from 200 ms before the expiry until the waiter has it. */
while (microtime(true) < $expiry - 0.2) {
    usleep(2000);
}
$tries = $barged = 0;
$give_up = $expiry + l4_bound(3);
while (microtime(true) < $give_up && $raw->call('LLEN', $report) === 0) {
    $tries++;
    if ($caller->lock($name)) {
        $barged++;
        $caller->unlock($name);
    }
    usleep(500);
}
var_dump($tries > 50 ? 'hammered' : "only $tries tries");
var_dump($barged);

[, $line] = $raw->call('BLPOP', $report, '5') ?? [null, 'none 0'];
[$state, $acquired] = explode(' ', $line . ' 0');
var_dump($state);
$late = ((float) $acquired - $expiry) * 1000;
var_dump((float) $acquired - (float) $before >= 0.99 ? 'not before the expiry' : 'too early');
var_dump($late < l4_bound(1500) ? 'within 1.5 s of the expiry' : sprintf('%.1f ms after the expiry', $late));
echo implode(',', l4_wait([$waiter], l4_bound(10))), "\n";
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
string(6) "locked"
bool(true)
-1
string(8) "hammered"
int(0)
string(6) "locked"
string(21) "not before the expiry"
string(26) "within 1.5 s of the expiry"
0
int(0)
