--TEST--
RedisLock: names are binary safe (NUL, "%s", braces, CRLF, UTF-8, 64 KiB): the key is exactly "Lock:" . name
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$base = rl_name();
$names = [
    'nul' => "$base\0after-nul",
    'format' => "$base %s %n %d %%",
    'braces' => "{" . $base . "}{}",
    'crlf' => "$base\r\nSET x y\r\n",
    'utf8' => "$base-\u{00e9}\u{1F512}",
    'high bytes' => "$base\xff\xfe\x80",
    '64 KiB' => $base . str_repeat("\0ab\r\n", 13108),
];
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());
foreach ($names as $label => $name) {
    $result = [
        $lock->lock($name),
        $other->lock($name),
        $lock->isLocking($name),
        $raw->call('EXISTS', "Lock:$name"),
        $lock->expire($name, 5),
        $raw->call('PTTL', "Lock:$name") > 4000,
        $lock->unlock($name),
        $raw->call('EXISTS', "Lock:$name"),
    ];
    echo str_pad($label, 11), json_encode($result), "\n";
}
/* The NUL name did not lock its prefix. */
var_dump($lock->lock($base));
var_dump($lock->unlock($base));
var_dump(strlen($names['64 KiB']) >= 65536);
?>
--EXPECT--
nul        [true,false,true,1,true,true,true,0]
format     [true,false,true,1,true,true,true,0]
braces     [true,false,true,1,true,true,true,0]
crlf       [true,false,true,1,true,true,true,0]
utf8       [true,false,true,1,true,true,true,0]
high bytes [true,false,true,1,true,true,true,0]
64 KiB     [true,false,true,1,true,true,true,0]
bool(true)
bool(true)
bool(true)
