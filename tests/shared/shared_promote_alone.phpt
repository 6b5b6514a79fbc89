--TEST--
RedisLock::lock() on a name this object holds shared, with no other holder: converts to exclusive at once (a string key, a fencing number, readers and writers shut out), its share gone
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());
var_dump($lock->lockShared($name, 0, 30));
[$e, $got, $took] = sem_timed(fn () => $lock->lock($name, 0));
echo 'promoted: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
var_dump($raw->call('TYPE', l4_key($name)));
var_dump(preg_match(SH_TOKEN_RE, (string) $raw->call('GET', l4_key($name))));
var_dump($lock->isLocking($name));
var_dump(is_int($lock->fencingToken($name)));
var_dump($other->lockShared($name), $other->lock($name));
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($other->lockShared($name), $other->unlock($name));
?>
--EXPECT--
bool(true)
promoted: no exception, true, without waiting: yes
string(6) "string"
int(0)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
int(0)
bool(true)
bool(true)
