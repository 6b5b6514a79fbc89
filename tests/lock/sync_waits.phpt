--TEST--
RedisLock::synchronized(): with $timeout it waits for the holder in another process to unlock, then runs $fn
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());

$pid = l4_fork(function () use ($name) {
    $raw = new RawRedis();
    $holder = new RedisLock(rl_dsn());
    if (!$holder->lock($name, 0, 30)) {
        return 10;
    }
    /* It unlocks once the waiter is queued (so that the waiter did wait). */
    l4_until(fn () => $raw->call('EXISTS', '{' . l4_key($name) . '}:queue') === 1, 30);
    $raw->call('SET', "$name:unlocked", sprintf('%.6f', microtime(true)));
    return $holder->unlock($name) ? 0 : 11;
});
var_dump(l4_until(fn() => $raw->call('EXISTS', l4_key($name)) === 1));
$monitor = rl_monitor();
$result = $lock->synchronized($name, function () use ($raw, $name) {
    return [microtime(true), $raw->call('GET', "$name:unlocked")];
}, 30);
[$ran_at, $unlocked_at] = $result;
var_dump($unlocked_at !== null ? 'ran after the unlock' : 'ran before the unlock');
/* On this host's one clock: $fn ran after the holder began its unlock. */
var_dump($ran_at >= (float) $unlocked_at ? 'waited' : 'did not wait');
var_dump(l4_wait([$pid]));
/* Woken by the unlock, not at the end of a wait round: MONITOR shows the unlock's
 * script push onto the list the waiter blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
var_dump(l4_wakeups(rl_monitor_read($monitor), $name) === 1 ? 'woken by the unlock' : 'not woken');
fclose($monitor);
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
string(20) "ran after the unlock"
string(6) "waited"
array(1) {
  [0]=>
  int(0)
}
string(19) "woken by the unlock"
int(0)
