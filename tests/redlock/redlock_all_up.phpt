--TEST--
Redlock: with all 5 servers up, lock() sets the key (prefix + name) on every server with one token, isLocking/isLocked/ttl agree, and unlock() removes it from all 5
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$servers = topo_redlock_servers();
$raws = topo_raws($servers);
$lock = new RedisLock(topo_redlock_options());
$name = rl_name();
$key = "Lock:$name";

var_dump($lock->lock($name, 0, 10));
$values = topo_values($raws, $key);
echo 'on every server: ', topo_yes(count(array_filter($values, 'is_string')) === 5, $values), "\n";
echo 'one token everywhere: ', topo_yes(count(array_unique($values)) === 1, $values), "\n";
$pttls = array_map(fn ($r) => $r->call('PTTL', $key), $raws);
echo 'with its lifetime everywhere: ', topo_yes(min($pttls) > 8000 && max($pttls) <= 10000, $pttls), "\n";
var_dump($lock->isLocking($name), $lock->isLocked($name));
$ttl = $lock->ttl($name);
echo 'ttl() within (8, 10]: ', topo_yes(is_float($ttl) && $ttl > 8 && $ttl <= 10, $ttl), "\n";
/* Locking it again renews it. */
var_dump($lock->lock($name, 0, 20));
echo 'renewed everywhere: ', topo_yes(min(array_map(fn ($r) => $r->call('PTTL', $key), $raws)) > 15000), "\n";
var_dump($lock->unlock($name));
var_dump(topo_count_holding($raws, $key));
var_dump($lock->isLocked($name), $lock->ttl($name), $lock->unlock($name));

/* The prefix option applies to every server. */
$prefixed = new RedisLock(topo_redlock_options(null, ['prefix' => 'app:']));
var_dump($prefixed->lock($name), topo_count_holding($raws, "app:$name"), $prefixed->unlock($name), topo_count_holding($raws, "app:$name"));
?>
--EXPECT--
bool(true)
on every server: yes
one token everywhere: yes
with its lifetime everywhere: yes
bool(true)
bool(true)
ttl() within (8, 10]: yes
bool(true)
renewed everywhere: yes
bool(true)
int(0)
bool(false)
NULL
bool(false)
bool(true)
int(5)
bool(true)
int(0)
