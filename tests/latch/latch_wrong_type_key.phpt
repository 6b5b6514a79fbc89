--TEST--
RedisLatch: under a name whose key holds another type, set() returns false and changes nothing, and count(), countDown() and await() throw RedisLockServerException
--DESCRIPTION--
The latch's key holds a list, a hash, or a string that is no count ("abc"). set()
answers false and the key is as it was; count(), countDown() and await() throw a
RedisLockServerException and change nothing.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
foreach (['list' => ['RPUSH', 'x'], 'hash' => ['HSET', 'f', 'v'], 'string' => ['SET', 'abc']] as $type => $write) {
    $name = rl_name(":$type");
    $key = la_key($name);
    $raw->call($write[0], $key, ...array_slice($write, 1));
    $before = $raw->call('DUMP', $key);
    echo "$type: set ", var_export($l->set($name, 3, 60), true), "\n";
    echo '  count: ', la_error(fn () => $l->count($name)), "\n";
    echo '  countDown: ', la_error(fn () => $l->countDown($name)), "\n";
    echo '  await: ', la_error(fn () => $l->await($name, 5)), "\n";
    echo '  unchanged: ', la_yes($raw->call('DUMP', $key) === $before && la_keys($raw, $name) === [$key], la_keys($raw, $name)), "\n";
    echo '  usable after: ', json_encode([$l->set("$name:ok", 1, 30), $l->countDown("$name:ok"), $l->await("$name:ok", 1)]), "\n";
    $raw->call('DEL', $key, la_key("$name:ok"), la_open("$name:ok"));
}
?>
--EXPECTF--
list: set false
  count: RedisLockServerException: GET on %s failed after %f s: WRONGTYPE %s
  countDown: RedisLockServerException: latch_count_down script on %s failed after %f s: WRONGTYPE %s
  await: RedisLockServerException: latch_inspect script on %s failed after %f s: WRONGTYPE %s
  unchanged: yes
  usable after: [true,0,true]
hash: set false
  count: RedisLockServerException: GET on %s failed after %f s: WRONGTYPE %s
  countDown: RedisLockServerException: latch_count_down script on %s failed after %f s: WRONGTYPE %s
  await: RedisLockServerException: latch_inspect script on %s failed after %f s: WRONGTYPE %s
  unchanged: yes
  usable after: [true,0,true]
string: set false
  count: RedisLockServerException: GET on %s returned an unexpected reply (RESP type 1)
  countDown: RedisLockServerException: latch_count_down script on %s failed after %f s: WRONGTYPE the latch key holds no count%A
  await: RedisLockServerException: latch_inspect script on %s failed after %f s: WRONGTYPE the latch key holds no count%A
  unchanged: yes
  usable after: [true,0,true]
