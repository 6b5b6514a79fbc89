--TEST--
RedisLatch::await() returns false when its timeout ends (the latch unchanged), looks once with a timeout of 0, and returns false for a latch never set or whose lifetime ends during the wait
--DESCRIPTION--
A latch of count 2: await(0.3 s) returns false, not before 0.3 s, and the count,
its ttl and the absence of an open mark are as before. await(0) sends one script
(the count and the lifetime left) and no BLMOVE (MONITOR), as does await() of a
name never set, which returns false at once. A latch of count 1 set for 0.5 s
makes an await(30 s) return false when its lifetime ends: within 15 s, long
before the 30 s (the wait blocks only until the lifetime's end).
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
$key = la_key($name);
var_dump($l->set($name, 2, 60));
$t = microtime(true);
$r = $l->await($name, 0.3);
$took = microtime(true) - $t;
echo 'timed out: ', var_export($r, true), ', not before its timeout: ', la_yes($took >= 0.3, $took), "\n";
echo 'unchanged: ', la_yes($raw->call('GET', $key) === '2' && $raw->call('PTTL', $key) > 50000 && la_keys($raw, $name) === [$key], la_keys($raw, $name)), "\n";

$monitor = rl_monitor();
var_dump($l->await($name, 0));
$cmds = array_values(array_filter(l4_monitor_commands(rl_monitor_read($monitor)), fn ($c) => str_contains(implode(' ', $c[1]), $name)));
$sent = array_values(array_map(fn ($c) => $c[1][0], array_filter($cmds, fn ($c) => $c[0] !== 'lua')));
echo 'await(0) sent: ', json_encode($sent === ['EVALSHA']), "\n";
$never = rl_name();
var_dump($l->await($never, 30));
$cmds = array_values(array_filter(l4_monitor_commands(rl_monitor_read($monitor)), fn ($c) => str_contains(implode(' ', $c[1]), $never)));
fclose($monitor);
$sent = array_values(array_map(fn ($c) => $c[1][0], array_filter($cmds, fn ($c) => $c[0] !== 'lua')));
echo 'a name never set: ', json_encode($sent === ['EVALSHA']), "\n";

$short = rl_name();
var_dump($l->set($short, 1, 0.5));
$t = microtime(true);
$r = $l->await($short, 30);
$took = microtime(true) - $t;
echo 'its lifetime ended: ', var_export($r, true), ', not at the timeout: ', la_yes($took < 15, $took), ', no key left: ', json_encode(la_keys($raw, $short)), "\n";
?>
--EXPECT--
bool(true)
timed out: false, not before its timeout: yes
unchanged: yes
bool(false)
await(0) sent: true
bool(false)
a name never set: true
bool(true)
its lifetime ended: false, not at the timeout: yes, no key left: []
