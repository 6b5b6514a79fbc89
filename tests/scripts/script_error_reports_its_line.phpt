--TEST--
Lua scripts: a script's runtime error names the line of its .lua file (user_script:N), its includes' helpers on their one line before it
--DESCRIPTION--
rate_token_bucket on a key of another type fails in the GET of its last statement: the
server's message names user_script:N, N the line of that call in
ext/lua/limiter/rate_token_bucket.lua, though the script includes common/rate.lua
(hundreds of lines, the helpers it keeps) above it
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
$name = rl_name();
$raw->call('HSET', lim_key($name), 'f', 'v');
$src = file(dirname(__DIR__, 2) . '/ext/lua/limiter/rate_token_bucket.lua', FILE_IGNORE_NEW_LINES);
$line = 0;
foreach ($src as $i => $text) {
    if (str_contains($text, "redis.call('get', key)")) {
        $line = $i + 1;
    }
}
try {
    $l->consume($name, 10, 60, 1, 'token_bucket');
    echo "no error\n";
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
    preg_match('/user_script:(\d+)/', $e->getMessage(), $m);
    echo 'names the line of the call: ', var_export($line > 20 && ($m[1] ?? '') === (string) $line, true), "\n";
}
$raw->call('DEL', lim_key($name));
?>
--EXPECT--
RedisLockServerException
names the line of the call: true
