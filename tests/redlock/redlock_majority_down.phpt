--TEST--
Redlock: with 3 of 5 servers unreachable, lock() throws RedisLockConnectionException and leaves nothing behind
--DESCRIPTION--
Redlock: with 3 of 5 servers unreachable, lock() throws
RedisLockConnectionException within the timeouts, saying how many servers
answered and the majority needed, and leaves nothing on the 2 that answered
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$shared = topo_redlock_servers();
$servers = [$shared[0], '127.0.0.1:' . rl_dead_port(), $shared[1], '127.0.0.1:' . rl_dead_port(), '127.0.0.1:' . rl_dead_port()];
$raws = topo_raws([$shared[0], $shared[1]]);
$lock = new RedisLock(topo_redlock_options($servers, ['connect_timeout' => 0.5, 'read_timeout' => 0.5]));
$name = rl_name();
foreach (['lock' => fn () => $lock->lock($name, 0, 10), 'lockMany' => fn () => $lock->lockMany([$name, "$name:2"], 0, 10),
          'addLock' => fn () => $lock->addLock($name, 10)] as $method => $call) {
    [$e, $result, $took] = topo_timed($call);
    echo "$method(): ", $e ? get_class($e) : 'no exception, ' . json_encode($result), "\n";
    $message = $e ? $e->getMessage() : '';
    echo '  within the timeouts (no hang): ', topo_yes($took < 10, $took), "\n";
    echo '  mentions the majority: ', topo_yes(stripos($message, 'majority') !== false, $message), "\n";
    echo '  says 2 answered and 3 are needed: ', topo_yes(preg_match('/\b2\b/', $message) && preg_match('/\b3\b/', $message), $message), "\n";
    echo '  left behind: ', topo_count_holding($raws, "Lock:$name") + topo_count_holding($raws, "Lock:$name:2"), "\n";
}
var_dump($lock->isLocking($name));
?>
--EXPECT--
lock(): RedisLockConnectionException
  within the timeouts (no hang): yes
  mentions the majority: yes
  says 2 answered and 3 are needed: yes
  left behind: 0
lockMany(): RedisLockConnectionException
  within the timeouts (no hang): yes
  mentions the majority: yes
  says 2 answered and 3 are needed: yes
  left behind: 0
addLock(): RedisLockConnectionException
  within the timeouts (no hang): yes
  mentions the majority: yes
  says 2 answered and 3 are needed: yes
  left behind: 0
bool(false)
