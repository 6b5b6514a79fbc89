--TEST--
RedisLock: past its deadline with a waiter queued, the holder no longer holds the lock, nobody barges in, and the waiter gets it
--DESCRIPTION--
RedisLock: while a waiter is queued the key outlives the holder's lifetime,
holding "<token>|<deadline ms>"; past that deadline the holder no longer holds
it (isLocking false, ttl null, unlock false), nobody holds it (isLocked false)
but nobody barges in either, and the waiter gets it
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$ready = "$name:ready";
$report = "$name:report";
$holder = new RedisLock(rl_dsn());
$caller = new RedisLock(rl_dsn());
$caller->isLocked($name); // connected

/* A lifetime of 3 s: time for the waiter to start and queue on a loaded machine. */
$before = ho_redis_ms($raw);
var_dump($holder->lock($name, 0, 3));
$after = ho_redis_ms($raw);
$held = $raw->call('GET', $key);

$waiter = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    $ok = $lock->lock($name, l4_bound(5), 15);
    $raw->call('RPUSH', $report, $ok ? 'locked' : 'busy');
    usleep(20000);
    return $ok && $lock->unlock($name) ? 0 : 10;
});
$raw->call('BLPOP', $ready, '5');
var_dump(ho_until_queued($raw, $name, 1));
usleep(20000);

/* The holder's token with its logical deadline, one lifetime after it asked. */
$value = $raw->call('GET', $key);
$form = preg_match('/^(.+)\|([0-9]+)$/D', (string) $value, $m) === 1;
var_dump($form);
$deadline = $form ? (int) $m[2] : $before + 3000;
var_dump($form && $m[1] === $held);
/* TIME reads the clock afresh while the deadline comes from the clock the server
 * snapshots per command, so it may fall a millisecond or two short of $before + 3 s;
 * the acquisition ran between the two TIMEs read around it. */
$offset = $deadline - $before;
var_dump($offset >= 2995 && $deadline <= $after + 3005 ? 'deadline one lifetime after the acquisition' : "deadline $offset ms after it");
/* Redis keeps the key beyond that deadline. */
$pttl = $raw->call('PTTL', $key);
$left = $deadline - ho_redis_ms($raw);
var_dump($pttl > $left && $pttl > 1000 ? 'TTL beyond the deadline' : "PTTL $pttl, $left ms to the deadline");

/* Freeze the waiter across the deadline: the key must still be there after it.
 * Well before it, so that a busy machine cannot let the waiter wake first. */
while (ho_redis_ms($raw) < $deadline - 400) {
    usleep(2000);
}
l4_signal($waiter, 'STOP');
while (ho_redis_ms($raw) < $deadline + 150) {
    usleep(2000);
}
var_dump($raw->call('EXISTS', $key));
/* The holder's own view follows the deadline. */
var_dump($holder->isLocking($name));
var_dump($holder->ttl($name));
var_dump($holder->unlock($name));
/* Nobody holds it, and nobody else gets in meanwhile: it waits for the head of the queue. */
var_dump($caller->lock($name));
var_dump($caller->isLocked($name));
var_dump($raw->call('EXISTS', $key));
l4_signal($waiter, 'CONT');

$got = $raw->call('BLPOP', $report, '5');
var_dump($got[1] ?? 'nothing');
echo implode(',', l4_wait([$waiter], l4_bound(10))), "\n";
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
string(43) "deadline one lifetime after the acquisition"
string(23) "TTL beyond the deadline"
int(1)
bool(false)
NULL
bool(false)
bool(false)
bool(false)
int(1)
string(6) "locked"
0
int(0)
