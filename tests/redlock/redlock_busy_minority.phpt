--TEST--
Redlock: a lock held by someone else on 2 of 5 servers does not stop lock(): it is granted by the other 3; unlock() releases those 3 and leaves the other holder's keys alone
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$raws = topo_raws(topo_redlock_servers());
$name = rl_name();
$key = "Lock:$name";
$raws[1]->call('SET', $key, 'someone-else', 'PX', '20000');
$raws[3]->call('SET', $key, 'someone-else', 'PX', '20000');
$lock = new RedisLock(topo_redlock_options());
var_dump($lock->lock($name, 0, 10));
$values = topo_values($raws, $key);
echo 'ours on 0, 2 and 4: ', topo_yes(is_string($values[0]) && $values[0] !== 'someone-else' && $values[2] === $values[0] && $values[4] === $values[0], $values), "\n";
echo 'theirs on 1 and 3: ', topo_yes($values[1] === 'someone-else' && $values[3] === 'someone-else'), "\n";
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
var_dump(topo_values($raws, $key));
foreach ($raws as $raw) {
    $raw->call('DEL', $key);
}
?>
--EXPECT--
bool(true)
ours on 0, 2 and 4: yes
theirs on 1 and 3: yes
bool(true)
bool(true)
array(5) {
  [0]=>
  NULL
  [1]=>
  string(12) "someone-else"
  [2]=>
  NULL
  [3]=>
  string(12) "someone-else"
  [4]=>
  NULL
}
