--TEST--
Cluster: locks whose names land on each of the 3 masters are taken on the master owning the slot, with the token as value, and released there; waiting and fencing work on every master
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_cluster_options());
$other = new RedisLock(topo_cluster_options());
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $name = topo_name_on($master, "$base:$i");
    $key = "Lock:$name";
    $raw = topo_raw($master);
    $token = $lock->addLock($name, 10);
    $stored = $raw->call('GET', $key);
    echo "master $i: addLock() stores the token on the owner: ", topo_yes(is_string($token) && $stored === $token, $stored), "\n";
    var_dump($lock->releaseLock($name, $token), $raw->call('EXISTS', $key));

    var_dump($lock->lock($name, 0, 10));
    echo "master $i: lock() sets the key on the owner: ", topo_yes($raw->call('EXISTS', $key) === 1), "\n";
    $fence = $lock->fencingToken($name);
    echo "master $i: the value starts with the fencing number: ", topo_yes(is_int($fence) && str_starts_with((string) $raw->call('GET', $key), "$fence:")), "\n";
    /* A waiter on a busy lock: its wait keys must share the slot (no CROSSSLOT). */
    [$e, $got, $took] = topo_timed(fn () => $other->lock($name, 0.3, 5));
    echo "master $i: a waiter gives up after its timeout: ", topo_yes(!$e && $got === false && $took >= 0.25 && $took < 10,
        $e ? $e->getMessage() : [$got, $took]), "\n";
    var_dump($other->isLocked($name), $lock->isLocking($name));
    $ttl = $lock->ttl($name);
    echo "master $i: ttl() within (0, 10]: ", topo_yes(is_float($ttl) && $ttl > 0 && $ttl <= 10, $ttl), "\n";
    var_dump($lock->expire($name, 20));
    echo "master $i: expire() re-times the key on the owner: ", topo_yes($raw->call('PTTL', $key) > 10000), "\n";
    var_dump($lock->unlock($name), $raw->call('EXISTS', $key));
}
?>
--EXPECT--
master 0: addLock() stores the token on the owner: yes
bool(true)
int(0)
bool(true)
master 0: lock() sets the key on the owner: yes
master 0: the value starts with the fencing number: yes
master 0: a waiter gives up after its timeout: yes
bool(true)
bool(true)
master 0: ttl() within (0, 10]: yes
bool(true)
master 0: expire() re-times the key on the owner: yes
bool(true)
int(0)
master 1: addLock() stores the token on the owner: yes
bool(true)
int(0)
bool(true)
master 1: lock() sets the key on the owner: yes
master 1: the value starts with the fencing number: yes
master 1: a waiter gives up after its timeout: yes
bool(true)
bool(true)
master 1: ttl() within (0, 10]: yes
bool(true)
master 1: expire() re-times the key on the owner: yes
bool(true)
int(0)
master 2: addLock() stores the token on the owner: yes
bool(true)
int(0)
bool(true)
master 2: lock() sets the key on the owner: yes
master 2: the value starts with the fencing number: yes
master 2: a waiter gives up after its timeout: yes
bool(true)
bool(true)
master 2: ttl() within (0, 10]: yes
bool(true)
master 2: expire() re-times the key on the owner: yes
bool(true)
int(0)
