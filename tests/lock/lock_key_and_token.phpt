--TEST--
RedisLock::lock(): the key "Lock:" . name gets a token of 32 hex digits (and the holder's label) and its lifetime in one atomic write, never a separate EXPIRE
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$monitor = rl_monitor();
var_dump($lock->lock($name, 0, 7));
$value = $raw->call('GET', "Lock:$name");
var_dump(preg_match('/^[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $value));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 6000 && $pttl <= 7000);
var_dump($raw->call('EXISTS', $name));

/* Every command that wrote the key, as the server saw it (client or script). */
$writes = $with_lifetime = $expires = 0;
foreach (explode("\r\n", rl_monitor_read($monitor)) as $line) {
    if (!preg_match('/^\+[0-9.]+ \[[^\]]*\] "(\w+)" "Lock:' . preg_quote($name, '/') . '"(.*)$/', $line, $m)) {
        continue;
    }
    $cmd = strtolower($m[1]);
    if ($cmd === 'set') {
        $writes++;
        if (preg_match('/"px" "7000"/i', $m[2]) || preg_match('/"ex" "7"/i', $m[2])) {
            $with_lifetime++;
        }
    } elseif (in_array($cmd, ['expire', 'pexpire', 'expireat', 'pexpireat', 'setex', 'psetex', 'getex'], true)) {
        $expires++;
    }
}
echo "writes: $writes, with the lifetime: $with_lifetime, separate expiry commands: $expires\n";
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
int(1)
bool(true)
int(0)
writes: 1, with the lifetime: 1, separate expiry commands: 0
bool(true)
int(0)
