--TEST--
RedisLock::names() lists the locks under the object's prefix, held, shared or only waited for, with a SCAN cursor bounded per call; semaphores and queues are left out; a bad cursor is a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$prefix = 'L' . bin2hex(random_bytes(4)) . ':';
$lock = new RedisLock(rl_options(['prefix' => $prefix]));
$sem = new RedisSemaphore(rl_options(['prefix' => 'S' . $prefix]));
$want = [];
for ($i = 0; $i < 60; $i++) {
    $lock->lock("l$i", 0, 30);
    $want[] = "l$i";
}
$lock->lockShared('shared', 0, 30);
$lock->lock('{tag}braced', 0, 30);
$sem->acquire('sem', 2, 0, 30);
$want[] = 'shared';
$want[] = '{tag}braced';
$seen = [];
$calls = 0;
$cursor = null;
do {
    $page = $lock->names($cursor, 20);
    $calls++;
    $seen = array_merge($seen, $page['names']);
    $cursor = $page['cursor'];
} while ($cursor !== null && $calls < 1000);
$seen = array_values(array_unique($seen));
sort($seen);
sort($want);
var_dump($seen === $want, $calls > 1);
var_dump($sem->names(null, 10000)['names']);
try {
    $lock->names('junk');
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
$lock->unlockAll();
?>
--EXPECT--
bool(true)
bool(true)
array(1) {
  [0]=>
  string(3) "sem"
}
RedisLock::names(): Argument #1 ($cursor) must be null or a cursor a previous names() call returned
