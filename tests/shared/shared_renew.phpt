--TEST--
RedisLock::lockShared() on a name this object already holds shared renews its lifetime to the new $expire (true at once, still one member), so the hold outlives its first 1 s lifetime
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$writer = new RedisLock(rl_dsn());
var_dump($lock->lockShared($name, 0, 1));
$first = sem_zset($raw, l4_key($name));
usleep(100000);
$now = ho_redis_ms($raw);
[$e, $got, $took] = sem_timed(fn () => $lock->lockShared($name, 0, 10));
$then = ho_redis_ms($raw);
echo 'renewed: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
$second = sem_zset($raw, l4_key($name));
var_dump(count($second));
$score = array_values($second)[0] ?? 0;
/* 10 s from the renewal, which the server ran between the two readings of its clock. */
echo 'new deadline about 10 s ahead: ', sem_yes($score >= $now + 10000 && $score <= $then + 10000, [$score - $now, $then - $now]), "\n";
$ttl = $lock->ttl($name);
echo 'ttl(): ', sem_yes($ttl > 5 && $ttl <= 10, $ttl), "\n";
usleep(1100000);
var_dump($lock->isLocking($name), $writer->lock($name), sh_count($raw, $name));
var_dump($lock->unlock($name), $raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
renewed: no exception, true, without waiting: yes
int(1)
new deadline about 10 s ahead: yes
ttl(): yes
bool(true)
bool(false)
int(1)
bool(true)
int(0)
