--TEST--
RedisLatch: eight processes blocked in await() are all woken by the one countDown() that opens the latch, the open mark keeps one element, and a later waiter returns at once with one script
--DESCRIPTION--
Eight forked waiters await a latch of count 1 (60 s timeout); once the server
shows all eight blocked in BLMOVE, one countDown() brings it to 0. Every waiter
returns true, the open mark (a list) still holds exactly one element, and a
waiter that comes after the opening returns true having sent one script and no
BLMOVE (MONITOR). The order in which the server serves them is not asserted.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
$key = la_key($name);
$open = la_open($name);
var_dump($l->set($name, 1, 60));
$monitor = rl_monitor();
[$pids, $addrs, $seen] = la_waiters($raw, $monitor, fn () => la_new(), $name, $key, 8, 60);
echo 'eight distinct waiters blocked: ', la_yes(count($addrs) === 8 && la_blocked($raw, $addrs), $addrs), "\n";
var_dump($l->countDown($name));
$codes = l4_wait($pids, l4_bound(60));
echo 'every waiter returned true: ', la_yes($codes === array_fill(0, 8, 0), $codes), "\n";
echo 'the open mark holds one element: ', la_yes($raw->call('LRANGE', $open, '0', '-1') === [(string) $raw->call('PEXPIRETIME', $key)], $raw->call('LRANGE', $open, '0', '-1')), "\n";
rl_monitor_read($monitor);
var_dump($l->await($name, 10));
$cmds = array_map(fn ($c) => $c[1][0], array_filter(l4_monitor_commands(rl_monitor_read($monitor)), fn ($c) => $c[0] !== 'lua' && in_array($key, $c[1], true) || in_array($open, $c[1], true)));
fclose($monitor);
echo 'the later waiter sent one script: ', la_yes(array_values($cmds) === ['EVALSHA'], $cmds), "\n";
echo 'keys of the latch: ', json_encode(la_keys($raw, $name) === [$key, $open]), "\n";
?>
--EXPECT--
bool(true)
eight distinct waiters blocked: yes
int(0)
every waiter returned true: yes
the open mark holds one element: yes
bool(true)
the later waiter sent one script: yes
keys of the latch: true
