--TEST--
RedisLock: a forked child never draws the same token random part as its parent (the random pool is not shared across fork)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$lock = new RedisLock(rl_dsn());
$name = rl_name();
/* The parent has drawn from its pool before forking, so a shared pool would give
 * the child exactly the bytes the parent draws next. */
$before = $lock->addLock("$name:before");
$file = rl_env('REDISLOCK_TEST_TMP') . "/$name.child";
$codes = rl_fork(3, function (int $i) use ($lock, $name, $file) {
    $token = $lock->addLock("$name:child$i");
    file_put_contents("$file$i", $token);
    return $token !== false ? 0 : 1;
});
$parent = [];
for ($i = 0; $i < 3; $i++) {
    $parent[] = $lock->addLock("$name:after$i");
}
$random = fn(string $token): string => substr($token, strpos($token, ':') + 1);
$children = [];
for ($i = 0; $i < 3; $i++) {
    $children[] = $random(file_get_contents("$file$i"));
    unlink("$file$i");
}
$all = array_merge([$random($before)], array_map($random, $parent), $children);
var_dump($codes, count($all), count(array_unique($all)));
?>
--EXPECT--
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(0)
  [2]=>
  int(0)
}
int(7)
int(7)
