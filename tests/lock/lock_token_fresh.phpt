--TEST--
RedisLock::lock(): every acquisition stores a fresh random token, and the fencing numbers its holders draw grow, across unlocks and across objects
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
$tokens = [];
for ($i = 0; $i < 5; $i++) {
    foreach ([$a, $b] as $lock) {
        if (!$lock->lock($name)) {
            exit("lock failed\n");
        }
        $plain = $raw->call('GET', "Lock:$name");
        $fence = $lock->fencingToken($name);
        $tokens[] = $raw->call('GET', "Lock:$name");
        if ($tokens[count($tokens) - 1] !== "$fence:$plain") {
            exit("fencingToken() did not put its number in front of the token\n");
        }
        if (!$lock->unlock($name)) {
            exit("unlock failed\n");
        }
    }
}
var_dump(count($tokens), count(array_unique($tokens)));
$parts = array_map(fn($t) => preg_match('/^([0-9]+):([0-9a-f]{32})(?:@[0-9A-Za-z._%-]*)?$/D', $t, $m) ? [(int) $m[1], $m[2]] : null, $tokens);
var_dump(count(array_filter($parts)));
var_dump(count(array_unique(array_column($parts, 1))));
$fences = array_column($parts, 0);
$growing = true;
for ($i = 1; $i < count($fences); $i++) {
    $growing = $growing && $fences[$i] > $fences[$i - 1];
}
var_dump($growing);
?>
--EXPECT--
int(10)
int(10)
int(10)
int(10)
bool(true)
