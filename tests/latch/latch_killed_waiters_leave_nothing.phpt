--TEST--
RedisLatch: waiters killed (SIGKILL) while blocked in await() leave no key behind; countDown() still opens the latch and wakes a live waiter
--DESCRIPTION--
Three forked waiters block in await() on a latch of count 2; they are killed
with SIGKILL, and once the server has dropped their connections the only key of
the latch is its count, unchanged. A live waiter then blocks; two countDown()
calls open the latch and it returns true; the keys are the count and the open
mark (one element).
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
$key = la_key($name);
$open = la_open($name);
var_dump($l->set($name, 2, 60));
$monitor = rl_monitor();
[$pids, $addrs] = la_waiters($raw, $monitor, fn () => la_new(), $name, $key, 3, 60);
foreach ($pids as $pid) {
    l4_signal($pid, 'KILL');
}
echo 'killed: ', implode(',', l4_wait($pids, l4_bound(30))), "\n";
echo 'the server dropped them: ', la_yes(l4_until(fn () => la_gone($raw, $addrs), l4_bound(30))), "\n";
echo 'keys: ', la_yes(la_keys($raw, $name) === [$key], la_keys($raw, $name)), ', count: ', var_export($l->count($name), true), "\n";
rl_monitor_read($monitor);   // the count() above is not a waiter's
[$live] = la_waiters($raw, $monitor, fn () => la_new(), $name, $key, 1, 60);
fclose($monitor);
var_dump($l->countDown($name), $l->countDown($name));
echo 'the live waiter: ', implode(',', l4_wait($live, l4_bound(30))), "\n";
echo 'keys: ', la_yes(la_keys($raw, $name) === [$key, $open] && $raw->call('LLEN', $open) === 1, la_keys($raw, $name)), "\n";
?>
--EXPECT--
bool(true)
killed: -1,-1,-1
the server dropped them: yes
keys: yes, count: 2
int(1)
int(0)
the live waiter: 0
keys: yes
