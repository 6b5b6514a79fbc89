--TEST--
RedisLock: fencing numbers stay exact integers beyond 10^14 (tokens never carry "1e+15"), and consecutive acquisitions get consecutive numbers
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name));
$first = $lock->fencingToken($name);
var_dump(is_int($first) && $first > 10 ** 14);
/* The name's slot counter is the fence key whose value is that number. */
$counter = null;
foreach ($raw->call('KEYS', '*redislock:fence') as $key) {
    if ($raw->call('GET', $key) === (string) $first) {
        $counter = $key;
    }
}
var_dump($counter !== null, $lock->unlock($name));
$raw->call('SET', $counter, '5000000000000000');
$numbers = [];
for ($i = 0; $i < 3; $i++) {
    $token = $lock->addLock($name);
    $numbers[] = substr($token, 0, strpos($token, ':'));
    $lock->releaseLock($name, $token);
}
var_dump($numbers);
var_dump($lock->lock($name), $lock->fencingToken($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
array(3) {
  [0]=>
  string(16) "5000000000000001"
  [1]=>
  string(16) "5000000000000002"
  [2]=>
  string(16) "5000000000000003"
}
bool(true)
int(5000000000000004)
bool(true)
