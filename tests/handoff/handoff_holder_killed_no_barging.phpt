--TEST--
RedisLock::lock(): when a holder is killed with a waiter queued, the waiter gets the lock and no $timeout 0 caller barges in
--DESCRIPTION--
RedisLock::lock(): a holder killed with SIGKILL while a waiter is queued:
$timeout 0 calls hammering across its expiry, with the waiter frozen so that the
lock stays promised to it, never get the lock; the queued waiter does, not before
the holder's deadline, as soon as it runs again
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

/* The holder takes the lock for 3 s (time for the waiter to start and queue on a
 * loaded machine), says when it asked and when it had it, and hangs until killed. */
$holder = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $before = microtime(true);
    $ok = $lock->lock($name, 0, 3);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f %.6f', $ok ? 'locked' : 'busy', $before, microtime(true)));
    sleep(30);
    return 10;
});
[, $line] = $raw->call('BLPOP', $ready, '5') ?? [null, 'none 0 0'];
[$state, $before, $held] = explode(' ', $line . ' 0 0');
var_dump($state);
/* The lock's end lies between these two, on this host's clock, which is the server's. */
$earliest = (float) $before + 3.0;
$latest = (float) $held + 3.0;

$monitor = rl_monitor();
$waiter = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    $ok = $lock->lock($name, l4_bound(30), 15);
    $raw->call('RPUSH', $report, sprintf('%s %.6f', $ok ? 'locked' : 'busy', microtime(true)));
    usleep(20000);
    return $ok && $lock->unlock($name) ? 0 : 11;
});
$raw->call('BLPOP', $ready, '5');
var_dump(ho_until_queued($raw, $name, 1, 30));
$end = l4_marked_deadline($raw, $name);   // the lock's end, on the server's clock
l4_signal($holder, 'KILL');
echo implode(',', l4_wait([$holder], 5)), "\n";

/* The waiter is frozen across the end of the lock (its alive mark, renewed in its
 * waiting rounds, outlasts the freeze): however slowly a loaded machine wakes it,
 * the callers below try while the lock is promised to it and nobody holds it. */
while (microtime(true) < $earliest - 0.4) {
    usleep(2000);
}
l4_signal($waiter, 'STOP');
$tries = $after = $barged = 0;
while (microtime(true) < $latest + 0.3) {
    $tries++;
    $at = microtime(true);
    if ($caller->lock($name)) {
        $barged++;
        $caller->unlock($name);
    }
    if ($at > $latest) {
        $after++;
    }
    usleep(500);
}
var_dump($after > 0 ? 'tried after the end' : "only $tries tries, none after the end");
var_dump($barged);
$released = microtime(true);
l4_signal($waiter, 'CONT');

[, $line] = $raw->call('BLPOP', $report, '10') ?? [null, 'none 0'];
[$state, $acquired] = explode(' ', $line . ' 0');
var_dump($state);
var_dump((float) $acquired >= $earliest ? 'not before the expiry' : 'too early');
echo implode(',', l4_wait([$waiter], l4_bound(30))), "\n";
/* Woken by the expiry already: it takes the lock as soon as it runs again, without
 * blocking another round: every BLPOP it sent asked the server to give it back by
 * the lock's end (and the 50 ms the server's timeout is given beyond the client's),
 * as MONITOR shows: what it asked, on the server's clock, which a late wake-up on a
 * loaded machine does not change. */
$blpops = l4_blpops(rl_monitor_read($monitor), '{' . $key . '}:');
fclose($monitor);
$late = array_filter($blpops, fn ($b) => $b['ends'] > $end + 0.06);
var_dump($end !== null && $blpops !== [] && !$late ? 'taken as soon as it ran again' : json_encode([$end, $blpops]));
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
string(6) "locked"
bool(true)
-1
string(19) "tried after the end"
int(0)
string(6) "locked"
string(21) "not before the expiry"
0
string(29) "taken as soon as it ran again"
int(0)
