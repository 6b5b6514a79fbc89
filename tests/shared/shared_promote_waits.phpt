--TEST--
RedisLock::lock() on a name held shared together with another reader waits until that reader unlocks (once the promotion is queued, in another process), then holds it exclusively
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$lock = new RedisLock(rl_dsn());
var_dump($lock->lockShared($name, 0, 10));

$reader = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $ok = $lock->lockShared($name, 0, 10);
    sem_tell($raw, $ready, $ok ? 'shared' : 'busy');
    /* It lets go once the promotion waits (in the queue, seen on the server). */
    ho_until_queued($raw, $name, 1, 30);
    sem_tell($raw, $report, 'unlocking');
    return $ok && $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
var_dump(sh_count($raw, $name));
$monitor = rl_monitor();
[$e, $got, $took] = sem_timed(fn () => $lock->lock($name, l4_bound(30)));
$done = microtime(true);
echo 'promoted: ', sem_exc($e), ', ', json_encode($got), "\n";
[, $unlocking] = sem_report($raw, $report, 30);
echo 'waited for the other reader: ', sem_yes($done >= $unlocking, [$took, $done - $unlocking]), "\n";
echo implode(',', l4_wait([$reader], l4_bound(30))), "\n";
/* Woken by the other reader's unlock, not at the end of a wait round: MONITOR shows its script push
 * onto the list the promotion blocked on (the server's order, which a late wake-up on a
 * loaded machine does not change). */
echo 'and no longer than needed: woken by its unlock: ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
var_dump($raw->call('TYPE', l4_key($name)));
var_dump(is_int($lock->fencingToken($name)));
var_dump($lock->unlock($name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
string(6) "shared"
int(2)
promoted: no exception, true
waited for the other reader: yes
0
and no longer than needed: woken by its unlock: yes
string(6) "string"
bool(true)
bool(true)
