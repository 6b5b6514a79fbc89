--TEST--
RedisLock::lockMany() tells names apart byte by byte: names that differ only after a NUL byte or in invalid UTF-8 are different locks, the same bytes twice are a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$lock = new RedisLock(rl_options());
$names = ["$name\0a", "$name\0b", "$name\xff", "$name\xfe", "1", "01", "1.0"];
var_dump($lock->lockMany($names, 0, 30));
foreach ($names as $n) {
    echo $lock->isLocking($n) ? 'held' : 'not held', "\n";
}
var_dump($lock->unlockAll());
foreach ([["$name\0a", "$name\0a"], ["1", "01", "1"]] as $twice) {
    try {
        $lock->lockMany($twice);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
bool(true)
held
held
held
held
held
held
held
bool(true)
RedisLock::lockMany(): Argument #1 ($names) must not contain the same name twice
RedisLock::lockMany(): Argument #1 ($names) must not contain the same name twice
