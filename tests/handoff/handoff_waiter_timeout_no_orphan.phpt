--TEST--
RedisLock::lock(): a waiter whose $timeout runs out just as the holder unlocks either holds the lock or leaves none behind
--DESCRIPTION--
RedisLock::lock(): a waiter whose $timeout runs out just as the holder unlocks
either returns true and holds the lock, or returns false and leaves no lock
behind: a handoff never goes to a waiter that gave up (40 rounds, the unlock
swept from 5 to 105 ms across the waiter's 50 ms deadline)
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$ready = "$name:ready";
$done = "$name:done";
$waiter = new RedisLock(rl_dsn());
$waiter->isLocked($name); // connected
$rounds = l4_valgrind() ? 5 : 40;

$got = $gave_up = $orphans = $bad_unlocks = $failed = 0;
for ($r = 0; $r < $rounds; $r++) {
    /* The holder unlocks 5..105 ms after the waiter starts its 50 ms wait, across
       the moment the wait runs out; the first round at once and the last after
       400 ms, so that both outcomes come however a loaded machine shifts the two
       processes' clocks. */
    $delay = $r === 0 ? 0 : ($r === $rounds - 1 ? 400000 : 5000 + intdiv(100000 * ($r - 1), max(1, $rounds - 3)));
    $holder = l4_fork(function () use ($name, $ready, $done, $delay) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        if (!$lock->lock($name, 0, 10)) {
            return 10;
        }
        $raw->call('RPUSH', $ready, '1');
        usleep($delay);
        $ok = $lock->unlock($name);
        $raw->call('RPUSH', $done, '1');
        return $ok ? 0 : 11;
    });
    $raw->call('BLPOP', $ready, '5');
    $ok = $waiter->lock($name, 0.05, 10);
    $raw->call('BLPOP', $done, '5');
    if ($ok) {
        $got++;
        if (!$waiter->unlock($name)) {
            $bad_unlocks++;
        }
    } else {
        $gave_up++;
        /* The holder has unlocked; nobody else is around: the lock must be free. */
        if ($raw->call('EXISTS', $key) !== 0) {
            $orphans++;
            $raw->call('DEL', $key);
        }
    }
    if (l4_wait([$holder], l4_bound(5)) !== [0]) {
        $failed++;
    }
}
echo "holders failed: $failed\n";
echo "orphaned locks: $orphans\n";
echo "failed unlocks after true: $bad_unlocks\n";
var_dump($got + $gave_up === $rounds);
var_dump($got > 0 && $gave_up > 0 ? 'both outcomes seen' : "got $got, gave up $gave_up");
var_dump(ho_queued($raw, $name));
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready, $done);
?>
--EXPECT--
holders failed: 0
orphaned locks: 0
failed unlocks after true: 0
bool(true)
string(18) "both outcomes seen"
int(0)
int(0)
