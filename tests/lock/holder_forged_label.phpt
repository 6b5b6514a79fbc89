--TEST--
Tokens with labels: the same random digits under another label neither hold, extend, watch, convert, fence nor release the hold, and the holder still can
--DESCRIPTION--
Tokens with labels: a token whose random digits are another hold's but whose label differs neither holds, extends, watches, converts, fences nor releases that hold, and the holder still can; hostile labels come back byte for byte in held_by
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$labels = ["\0", "\xff\xfe", '%', '%41', '@', ':', '|', '{x}', '}{', "a\nb", str_repeat('%', 64), str_repeat("\xff", 64),
    str_repeat('a', 64), 'deadbeefdeadbeefdeadbeefdeadbeef', '0:1|2@3', ' ', "\r\n# TYPE x gauge\nx 1"];
$bad = 0;
foreach ($labels as $i => $label) {
    $lock = new RedisLock(rl_options(['holder' => $label, 'watchdog' => true]));
    $sem = new RedisSemaphore(rl_options(['holder' => $label]));
    $n = rl_name();
    $t = $lock->addLock($n, 30, fenced: false);
    $s = $lock->addLock("$n:s", 30, shared: true);
    $p = $sem->acquire($n, 5, 0, 30);
    $ok = $lock->inspect($n)['held_by'] === [$label] && $lock->inspect("$n:s")['held_by'] === [$label]
        && $sem->inspect($n)['held_by'] === [$label];
    $hex = substr($t, 0, 32);
    $sh = substr($s, strrpos($s, ':') + 1, 32);
    $ph = substr($p, strpos($p, ':') + 1, 32);
    foreach (['', '@', '@x', '@' . rawurlencode($label) . 'x'] as $tail) {
        $ok = $ok && !$lock->holdsLock($n, $hex . $tail) && !$lock->extendLock($n, $hex . $tail, 60)
            && $lock->fenceLock($n, $hex . $tail) === false && !$lock->releaseLock($n, $hex . $tail)
            && !$lock->holdsLock("$n:s", 'shared:' . $sh . $tail) && !$lock->releaseLock("$n:s", 'shared:' . $sh . $tail)
            && !$sem->release($n, '1:' . $ph . $tail) && !$sem->extend($n, '1:' . $ph . $tail, 60)
            && !$lock->watchLock($n, $hex . $tail, 60) && $lock->convertLock($n, $hex . $tail, true) === false
            && $lock->convertLock("$n:s", 'shared:' . $sh . $tail, false) === false && !$lock->holdsLock($n, "9:$hex$tail");
    }
    $ok = $ok && $lock->holdsLock($n, $t) && $lock->releaseLock($n, $t) && $lock->releaseLock("$n:s", $s)
        && $sem->release($n, $p) && $lock->inspect($n) === null && $sem->inspect($n) === null;
    if (!$ok) {
        echo "label $i: wrong\n";
        $bad++;
    }
}
echo count($labels), " labels, $bad wrong\n";
?>
--EXPECT--
17 labels, 0 wrong
