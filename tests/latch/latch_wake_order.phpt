--TEST--
RedisLatch: waiters are woken once each, in the order they began to wait: the server serves their one BLMOVE in arrival order when the count-down opens the latch
--DESCRIPTION--
On a server of its own, which logs every command in its SLOWLOG (a blocked
command is logged when it is served, under one server-wide counter). Six
waiters, each in its own process, start one after another, each once the server
shows the one before blocked in BLMOVE (CLIENT LIST). One countDown() opens the
latch. The SLOWLOG entries of the waiters' BLMOVEs, in the server's order, are
one per waiter and in the order the waiters arrived; every waiter returns true.
No timing is asserted: the order is the server's.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer(['--slowlog-log-slower-than', '0', '--slowlog-max-len', '100000']);
$raw = $srv->raw();
$make = fn () => new RedisLatch($srv->options());
$l = $make();
$name = rl_name();
$key = la_key($name);
$open = la_open($name);
$l->set($name, 1, 120);
$l->await(rl_name(), 0);   // its script in the server's cache
$monitor = $srv->monitor();
$pids = $arrival = [];
for ($i = 0; $i < 6; $i++) {
    // One waiter; back once the server shows it blocked (its address: the one
    // its count() came from, in what MONITOR showed since the last one).
    [$p, $addrs] = la_waiters($raw, $monitor, $make, $name, $key, 1, 60);
    $pids[] = $p[0];
    $arrival[] = $addrs[0] ?? '?';
}
fclose($monitor);
$raw->call('SLOWLOG', 'RESET');
var_dump($l->countDown($name));
$codes = l4_wait($pids, l4_bound(60));
$served = [];
foreach (array_reverse($raw->call('SLOWLOG', 'GET', '100000')) as $entry) {
    $args = $entry[3];
    if (strtoupper($args[0]) === 'BLMOVE' && ($args[1] ?? '') === $open) {
        $served[] = $entry[4];
    }
}
echo 'every waiter returned true: ', la_yes($codes === array_fill(0, 6, 0), $codes), "\n";
echo 'served once each, in the order they arrived: ', la_yes($served === $arrival, [$served, $arrival]), "\n";
$srv->stop();
?>
--EXPECT--
int(0)
every waiter returned true: yes
served once each, in the order they arrived: yes
