--TEST--
RedisLatch after fork(): a child that inherits the parent's object awaits with it while the parent counts down with the same object, and both go on using it
--DESCRIPTION--
The parent sets a latch of count 2 and calls count() (its connection open), then
forks. The child awaits with the inherited object (60 s); the parent, once the
server shows the child blocked, counts the latch down twice with its own copy.
The child returns true and then reads the count, 0, with the same object; the
parent's object still works afterwards. Parent and child never share a
connection: the child's commands come from another address than the parent's
(MONITOR).
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
$key = la_key($name);
var_dump($l->set($name, 2, 60), $l->count($name));
$monitor = rl_monitor();
$seen = '';
$child = l4_fork(function () use ($l, $name) {
    $l->count($name);
    return $l->await($name, 60) === true && $l->count($name) === 0 ? 0 : 10;
});
$addrs = [];
$ok = l4_until(function () use ($monitor, $key, &$seen, &$addrs) {
    $seen .= rl_monitor_read($monitor, 0.0);
    $addrs = la_clients_of($seen, $key);
    return count($addrs) >= 1;
}, l4_bound(30)) && l4_until(fn () => la_blocked($raw, $addrs), l4_bound(30));
echo 'the child blocked: ', la_yes($ok, $addrs), "\n";
var_dump($l->countDown($name), $l->countDown($name));
echo 'child: ', implode(',', l4_wait([$child], l4_bound(30))), "\n";
$parentCount = $l->count($name);   // a GET from the parent's connection
$seen .= rl_monitor_read($monitor);
fclose($monitor);
$clients = la_clients_of($seen, $key);
echo 'two connections, the child\'s and the parent\'s: ', la_yes(count($clients) === 2, $clients), "\n";
var_dump($parentCount, $l->await($name, 1), $l->set($name, 1, 60));
?>
--EXPECT--
bool(true)
int(2)
the child blocked: yes
int(1)
int(0)
child: 0
two connections, the child's and the parent's: yes
int(0)
bool(true)
bool(false)
