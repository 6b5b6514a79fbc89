--TEST--
RedisSemaphore::acquire(): returns a fresh "<permits>:<32 hex>[@<label>]" token, a member of the semaphore's sorted set
--DESCRIPTION--
RedisSemaphore::acquire(): returns "<permits>:<32 hex>[@<label>]", fresh each time; the
key "Semaphore:<name>" is a sorted set with the token as member scored by its
deadline in ms; the prefix option changes the key; a DSN and an options array
both work
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sem = new RedisSemaphore(rl_dsn());
$now = ho_redis_ms($raw);
$one = $sem->acquire($name, 5, 0, 10);
$three = $sem->acquire($name, 5, 0, 20, 3);
foreach ([$one, $three] as $t) {
    echo 'shape: ', sem_yes(is_string($t) && preg_match(SEM_TOKEN_RE, $t) === 1, $t), ', permits ', sem_permits((string) $t), "\n";
}
var_dump($one !== $three);
var_dump($raw->call('TYPE', sem_key($name)));
$members = sem_zset($raw, sem_key($name));
var_dump(array_keys($members) == [$one, $three] || array_keys($members) == [$three, $one]);
echo 'deadlines: ', sem_yes(abs($members[$one] - ($now + 10000)) < 1000 && abs($members[$three] - ($now + 20000)) < 1000,
    [$members, $now]), "\n";
var_dump($sem->release($name, $one), $sem->release($name, $three));
var_dump($raw->call('EXISTS', sem_key($name)));

/* Every token differs. */
$tokens = [];
for ($i = 0; $i < 20; $i++) {
    $t = $sem->acquire($name, 1);
    $tokens[] = $t;
    $sem->release($name, $t);
}
var_dump(count(array_unique($tokens)));

/* The prefix option, from an options array. */
$prefixed = new RedisSemaphore(rl_options(['prefix' => 'Other:']));
$t = $prefixed->acquire($name, 2);
var_dump($raw->call('EXISTS', "Other:$name"), $raw->call('EXISTS', sem_key($name)));
var_dump($prefixed->count($name), $sem->count($name));
var_dump($prefixed->release($name, $t));
?>
--EXPECT--
shape: yes, permits 1
shape: yes, permits 3
bool(true)
string(4) "zset"
bool(true)
deadlines: yes
bool(true)
bool(true)
int(0)
int(20)
int(1)
int(0)
int(1)
int(0)
bool(true)
