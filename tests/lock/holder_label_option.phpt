--TEST--
RedisLock: the holder option labels this object's holds in held_by byte for byte, in the options array and in a DSN; "" labels nothing; the tokens work as before
--DESCRIPTION--
Labels with NUL, invalid UTF-8, braces, colons, bars, percent signs and 64
bytes come back from inspect() as given, for a lock(), an addLock() token and a
shared hold; another object checks, fences and releases the labelled tokens.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$labels = ["checkout-worker-3", "a\0b", "\xff\xfe\x80", "{tag}:x|y@z%41 ", str_repeat("\x01:", 32)];
$other = new RedisLock(rl_dsn());
foreach ($labels as $i => $label) {
    $lock = new RedisLock(rl_options(['holder' => $label]));
    $name = rl_name();
    $lock->lock($name, 0, 30);
    $token = $lock->addLock("$name:t", 30);
    $shared = $lock->addLock("$name:s", 30, shared: true);
    $seen = [$lock->inspect($name)['held_by'], $other->inspect("$name:t")['held_by'], $other->inspect("$name:s")['held_by']];
    /* The token keeps its grammar: another object checks, fences and releases it. */
    $fenced = $other->fenceLock("$name:t", $token);
    echo $i, ': ', var_export($seen === [[$label], [$label], [$label]], true),
        ' ', var_export($other->holdsLock("$name:t", $token) && is_string($fenced) && $other->holdsLock("$name:t", $fenced), true),
        ' ', var_export($other->inspect("$name:t")['held_by'] === [$label], true),
        ' ', var_export($other->releaseLock("$name:t", $token) && $other->releaseLock("$name:s", $shared) && $lock->unlock($name), true), "\n";
}
/* In a DSN, percent-encoded. */
$lock = new RedisLock(rl_dsn() . (str_contains(rl_dsn(), '?') ? '&' : '?') . 'holder=' . rawurlencode("dsn\0{x}:1"));
$name = rl_name();
$lock->lock($name, 0, 30);
var_dump($other->inspect($name)['held_by'] === ["dsn\0{x}:1"]);
$lock->unlock($name);
/* "": no label, the token as a release without labels writes it. */
$lock = new RedisLock(rl_options(['holder' => '']));
$token = $lock->addLock($name, 30);
var_dump((bool) preg_match('/^[0-9]+:[0-9a-f]{32}$/D', $token), $other->inspect($name)['held_by'], $lock->releaseLock($name, $token));
/* Values written by hand: only 32 hex digits then "@" carry a label, decoded. */
$raw = new RawRedis();
$raw->call('SET', l4_key("$name:r1"), 'cafe@x', 'PX', '30000');
$raw->call('SET', l4_key("$name:r2"), '7:' . str_repeat('ab', 16) . '@abc%41%00', 'PX', '30000');
var_dump($other->inspect("$name:r1")['held_by'], $other->inspect("$name:r2")['held_by'] === ["abcA\0"]);
$raw->call('DEL', l4_key("$name:r1"), l4_key("$name:r2"));
?>
--EXPECT--
0: true true true true
1: true true true true
2: true true true true
3: true true true true
4: true true true true
bool(true)
bool(true)
array(0) {
}
bool(true)
array(0) {
}
bool(true)
