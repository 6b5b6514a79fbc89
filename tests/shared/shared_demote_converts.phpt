--TEST--
RedisLock::lockShared() on a name this object holds exclusively, nobody waiting, converts the hold to a shared one
--DESCRIPTION--
RedisLock::lockShared() on a name this object holds exclusively, nobody waiting:
converts the hold to a shared one (the key becomes a sorted set with one
"shared:" member), other readers can join and writers cannot
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$reader = new RedisLock(rl_dsn());
$writer = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 10));
var_dump($raw->call('TYPE', l4_key($name)));
var_dump($lock->lockShared($name, 0, 10));
var_dump($raw->call('TYPE', l4_key($name)));
$tokens = sh_tokens($raw, $name);
var_dump(count($tokens), preg_match(SH_TOKEN_RE, $tokens[0] ?? ''));
var_dump($lock->isLocking($name));
$ttl = $lock->ttl($name);
echo 'its lifetime: ', sem_yes($ttl > 9 && $ttl <= 10, $ttl), "\n";
var_dump($reader->lockShared($name), $writer->lock($name));
var_dump(sh_count($raw, $name));
var_dump($lock->unlock($name), $reader->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
string(6) "string"
bool(true)
string(4) "zset"
int(1)
int(1)
bool(true)
its lifetime: yes
bool(true)
bool(false)
int(2)
bool(true)
bool(true)
int(0)
