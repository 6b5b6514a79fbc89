--TEST--
RedisLock's class constants are the bounds the extension enforces: MAX_SECONDS, MAX_INSPECT_MANY, WATCHDOG_MIN_LEASE and WATCHDOG_MAX_LEASE are accepted, one past each is a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
function outcome(callable $fn): string
{
    try {
        $r = $fn();
        return is_object($r) ? get_class($r) : var_export($r, true);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}
var_dump(RedisLock::MAX_SECONDS, RedisLock::MAX_INSPECT_MANY, RedisLock::WATCHDOG_MIN_LEASE, RedisLock::WATCHDOG_MAX_LEASE);
$lock = new RedisLock(rl_dsn());
$name = rl_name();
echo outcome(fn () => $lock->lock($name, RedisLock::MAX_SECONDS, RedisLock::MAX_SECONDS)), "\n";
echo outcome(fn () => $lock->unlock($name)), "\n";
echo outcome(fn () => $lock->lock($name, 0, RedisLock::MAX_SECONDS + 1)), "\n";
echo outcome(fn () => $lock->lock($name, RedisLock::MAX_SECONDS + 1)), "\n";

$names = array_map(fn ($i) => "$name:$i", range(1, RedisLock::MAX_INSPECT_MANY));
echo outcome(fn () => count($lock->inspectMany($names))), "\n";
echo outcome(fn () => $lock->inspectMany([...$names, "$name:over"])), "\n";

foreach ([RedisLock::WATCHDOG_MIN_LEASE, RedisLock::WATCHDOG_MAX_LEASE, RedisLock::WATCHDOG_MIN_LEASE - 0.001, RedisLock::WATCHDOG_MAX_LEASE + 1] as $lease) {
    echo outcome(fn () => new RedisLock(rl_options(['watchdog' => ['lease' => $lease]]))), "\n";
}
?>
--EXPECTF--
float(1000000000)
int(1000)
float(0.05)
float(3600)
true
true
ValueError: RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
1000
ValueError: RedisLock::inspectMany(): Argument #1 ($names) %s
RedisLock
RedisLock
ValueError: %s
ValueError: %s
