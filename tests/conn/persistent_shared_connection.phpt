--TEST--
Persistent connections: objects with the same settings share one connection; other settings or a persistent_id get their own
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$before = rl_connected_clients();
$a = new RedisLock(rl_options(['persistent' => true]));
$b = new RedisLock(rl_dsn() . '?persistent=1');
$q = new RedisQueue(rl_options(['persistent' => true]));
$name = rl_name();
var_dump($a->lock($name), $b->lock($name), $q->enqueue($name, 'x'), $q->pop($name)['id']);
echo 'shared: ', rl_connected_clients() - $before, "\n";

$other = new RedisLock(rl_options(['persistent' => true, 'database' => 1]));
$pool = new RedisLock(rl_options(['persistent_id' => 'reports']));
$plain = new RedisLock(rl_options());
var_dump($other->lock($name), $pool->lock($name), $plain->lock($name . ':plain'));
echo 'with three more settings: ', rl_connected_clients() - $before, "\n";
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
