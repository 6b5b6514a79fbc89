--TEST--
RedisLock::inspect() and names() never return a token nor any part of its random digits, for plain, fenced and shared holds; held_by names this process
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$lock = new RedisLock(rl_dsn());
$names = [rl_name(), rl_name(), rl_name()];
$tokens = [$lock->addLock($names[0], 10, fenced: false), $lock->addLock($names[1], 10), $lock->addLock($names[2], 10, shared: true)];
$out = var_export([$lock->inspect($names[0]), $lock->inspect($names[1]), $lock->inspect($names[2]), $lock->names(null, 10000)], true);
$leaks = [];
foreach ($tokens as $t) {
    /* The random digits: the 32 that follow the last colon (the label of the holder follows them). */
    $hex = substr($t, strrpos($t, ':') === false ? 0 : strrpos($t, ':') + 1, 32);
    for ($i = 0; $i + 8 <= strlen($hex); $i++) {
        if (str_contains($out, substr($hex, $i, 8))) {
            $leaks[] = substr($hex, $i, 8);
        }
    }
}
var_dump(strlen($tokens[0]) >= 32, $leaks);
$me = gethostname() . ':' . getmypid();
var_dump($lock->inspect($names[0])['held_by'] === [$me], $lock->inspect($names[1])['held_by'] === [$me],
    $lock->inspect($names[2])['held_by'] === [$me]);
?>
--EXPECT--
bool(true)
array(0) {
}
bool(true)
bool(true)
bool(true)
