--TEST--
RedisLock::__construct(): redislock.connect_timeout and redislock.read_timeout are the defaults; options and DSN queries override them
--INI--
redislock.connect_timeout=0.4
redislock.read_timeout=0.7
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
function timeouts(RedisLock $lock): string
{
    ob_start();
    print_r($lock);
    preg_match_all('/\[(connect_timeout|read_timeout)\] => (\S+)/', ob_get_clean(), $m, PREG_SET_ORDER);
    return implode(', ', array_map(fn($x) => "$x[1] $x[2]", $m));
}
echo timeouts(new RedisLock(rl_dsn())), "\n";
echo timeouts(new RedisLock(rl_options())), "\n";
echo timeouts(new RedisLock(rl_options(['read_timeout' => 5, 'connect_timeout' => 0.25]))), "\n";
echo timeouts(new RedisLock(rl_dsn() . '?read_timeout=1.25')), "\n";
ini_set('redislock.read_timeout', '3.5');
echo timeouts(new RedisLock(rl_dsn())), "\n";
?>
--EXPECT--
connect_timeout 0.4, read_timeout 0.7
connect_timeout 0.4, read_timeout 0.7
connect_timeout 0.25, read_timeout 5
connect_timeout 0.4, read_timeout 1.25
connect_timeout 0.4, read_timeout 3.5
