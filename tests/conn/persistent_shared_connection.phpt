--TEST--
Persistent connections: objects with the same settings share one connection; other settings or a persistent_id get their own
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
/* Connections are counted on a server of this test's own, which no other test uses. */
$server = new FaultServer();
$raw = $server->raw();
$clients = function () use ($raw): int {
    preg_match('/connected_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
    return (int) $m[1] - 1;
};
$before = $clients();
$a = new RedisLock($server->options(['persistent' => true]));
$b = new RedisLock("redis://127.0.0.1:{$server->port}?persistent=1");
$q = new RedisQueue($server->options(['persistent' => true]));
$name = rl_name();
var_dump($a->lock($name), $b->lock($name), $q->enqueue($name, 'x'), $q->pop($name)['id']);
echo 'shared: ', $clients() - $before, "\n";

$other = new RedisLock($server->options(['persistent' => true, 'database' => 1]));
$pool = new RedisLock($server->options(['persistent_id' => 'reports']));
$plain = new RedisLock($server->options());
var_dump($other->lock($name), $pool->lock($name), $plain->lock($name . ':plain'));
echo 'with three more settings: ', $clients() - $before, "\n";
var_dump($a->unlock($name), $b->unlock($name));
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
string(1) "x"
shared: 1
bool(true)
bool(false)
bool(true)
with three more settings: 4
bool(true)
bool(false)
