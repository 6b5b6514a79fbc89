--TEST--
Redlock: expire() of a lapsed lock taken by another answers false without a script error, on names with unmatched braces
--DESCRIPTION--
Redlock: expire() by a holder whose lock lapsed and was taken by another, on
names with unmatched braces (a}b, x{y, }{), answers false with no script error
on any server (the extend script gets the sibling hint from Redlock as from
every other caller)
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$servers = topo_redlock_servers();
$raws = topo_raws($servers);
$errors = function () use ($raws): int {
    $n = 0;
    foreach ($raws as $raw) {
        /* Every error reply but NOSCRIPT (a script's first call on a server). */
        preg_match_all('/^errorstat_(\w+):count=(\d+)/m', $raw->call('INFO', 'errorstats'), $m, PREG_SET_ORDER);
        foreach ($m as [, $kind, $count]) {
            $n += $kind === 'NOSCRIPT' ? 0 : (int) $count;
        }
    }
    return $n;
};
$base = rl_name();
foreach (['a}b', 'x{y', '}{'] as $shape) {
    $name = "$base:$shape";
    $first = new RedisLock(topo_redlock_options());
    $second = new RedisLock(topo_redlock_options());
    var_dump($first->lock($name, 0, 0.2));
    usleep(300000);
    var_dump($second->lock($name, 0, 10));
    $before = $errors();
    var_dump($first->expire($name, 10));
    echo "$shape: script errors on the servers: ", $errors() - $before, "\n";
    var_dump($second->isLocking($name), $second->unlock($name));
}
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
a}b: script errors on the servers: 0
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
x{y: script errors on the servers: 0
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
}{: script errors on the servers: 0
bool(true)
bool(true)
