--TEST--
RedisLock::lockShared(): two objects both hold the same name shared at once
--DESCRIPTION--
RedisLock::lockShared(): two objects both hold the same name shared at once; the
key is a sorted set with one "shared:<32 hex>" member per holder, scored with
its own deadline in ms; each unlock removes only its own member
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
$now = ho_redis_ms($raw);
var_dump($a->lockShared($name, 0, 10));
var_dump($b->lockShared($name, 0, 20));
var_dump($raw->call('TYPE', $key));
$members = sem_zset($raw, $key);
var_dump(count($members));
foreach ($members as $token => $score) {
    echo 'token shape: ', sem_yes(preg_match(SH_TOKEN_RE, $token) === 1, $token), "\n";
}
$scores = array_values($members);
sort($scores);
/* One deadline about 10 s ahead, the other about 20 s. */
echo 'deadlines: ', sem_yes(abs($scores[0] - ($now + 10000)) < 1000 && abs($scores[1] - ($now + 20000)) < 1000,
    [$scores, $now]), "\n";
var_dump($a->isLocking($name), $b->isLocking($name));
var_dump($a->unlock($name));
var_dump($raw->call('ZCARD', $key));
var_dump($a->isLocking($name), $b->isLocking($name));
var_dump($b->unlock($name));
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
bool(true)
string(4) "zset"
int(2)
token shape: yes
token shape: yes
deadlines: yes
bool(true)
bool(true)
bool(true)
int(1)
bool(false)
bool(true)
bool(true)
int(0)
