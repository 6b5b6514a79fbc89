--TEST--
RedisLock and RedisSemaphore: a child after pcntl_fork() that acquires through its parent's objects is named by its own pid in held_by, and its parent by its own before and after
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) echo 'skip pcntl'; ?>
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$lock = new RedisLock(rl_dsn());
/* Permits stay when a child ends: the test reads them after. */
$sem = new RedisSemaphore(rl_options(['auto_release' => false]));
$name = rl_name();
$me = gethostname() . ':' . getmypid();
/* The parent acquires before the fork, so a label made once would be copied. */
$lock->lock("$name:parent", 0, 30);
$file = rl_env('REDISLOCK_TEST_TMP') . "/$name.child";
$codes = rl_fork(2, function (int $i) use ($lock, $sem, $name, $file) {
    $token = $lock->addLock("$name:child$i", 30);
    $permit = $sem->acquire("$name:sem", 5, 0, 30);
    file_put_contents("$file$i", json_encode([getmypid(), $token, $permit]));
    return $token !== false && $permit !== false ? 0 : 1;
});
var_dump($codes);
$lock->lock("$name:after", 0, 30);
$children = $held = [];
for ($i = 0; $i < 2; $i++) {
    $held[$i] = json_decode(file_get_contents("$file$i"), true);
    unlink("$file$i");
    $children[] = gethostname() . ':' . $held[$i][0];
    echo "child $i: ", var_export($held[$i][0] !== getmypid() && $lock->inspect("$name:child$i")['held_by'] === [$children[$i]], true), "\n";
}
$permits = $sem->inspect("$name:sem")['held_by'];
sort($permits);
$expected = $children;
sort($expected);
var_dump($children[0] !== $children[1], $permits === $expected);
foreach ($held as $i => [, $token, $permit]) {
    $lock->releaseLock("$name:child$i", $token);
    $sem->release("$name:sem", $permit);
}
var_dump($lock->inspect("$name:parent")['held_by'] === [$me], $lock->inspect("$name:after")['held_by'] === [$me]);
$lock->unlockAll();
?>
--EXPECT--
array(2) {
  [0]=>
  int(0)
  [1]=>
  int(0)
}
child 0: true
child 1: true
bool(true)
bool(true)
bool(true)
bool(true)
