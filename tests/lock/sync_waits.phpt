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
    usleep(400000);
    $raw->call('SET', "$name:unlocked", sprintf('%.6f', microtime(true)));
    return $holder->unlock($name) ? 0 : 11;
});
var_dump(l4_until(fn() => $raw->call('EXISTS', l4_key($name)) === 1));
$start = microtime(true);
$result = $lock->synchronized($name, function () use ($raw, $name) {
    return [microtime(true), $raw->call('GET', "$name:unlocked")];
}, 5);
[$ran_at, $unlocked_at] = $result;
var_dump($unlocked_at !== null ? 'ran after the unlock' : 'ran before the unlock');
var_dump($ran_at - $start > 0.2 ? 'waited' : 'did not wait');
var_dump($ran_at - (float) $unlocked_at < l4_bound(1.5) ? 'soon after' : 'late: ' . ($ran_at - (float) $unlocked_at));
var_dump(l4_wait([$pid]));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
string(20) "ran after the unlock"
string(6) "waited"
string(10) "soon after"
array(1) {
  [0]=>
  int(0)
}
int(0)
