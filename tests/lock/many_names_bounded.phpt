--TEST--
RedisLock::lockMany() takes up to 250 names in one script under 50 ms of server time, and refuses more with a ValueError before anything is sent
--DESCRIPTION--
One script takes every name of a lockMany(), and Redis serves nobody while it
runs. 250 names (the bound) are taken, waited for by a second caller and
released, each script under the server's 50 ms slow log threshold; 251 names
and 100,000 names are a ValueError at once (within 0.2 s) that sends nothing.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$names = array_map(fn($i) => "$name:$i", range(1, 250));
$lock = new RedisLock(rl_options());
$other = new RedisLock(rl_options());
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '50000');
$raw->call('SLOWLOG', 'RESET');
rl_server_priority($raw);
var_dump($lock->lockMany($names, 0, 30));
var_dump($other->lockMany(array_reverse($names), 0.3, 30));
var_dump($lock->unlockAll());
var_dump($other->lockMany($names, 1, 30), $other->unlockAll());
/* Only this test's commands: the server is shared with the tests running beside it. */
$slow = array_filter($raw->call('SLOWLOG', 'GET', '128'), fn($e) => str_contains(implode(' ', $e[3]), $name));
echo 'commands over 50 ms: ', count($slow), "\n";
foreach ($slow as $entry) {
    echo '  ', $entry[2], ' us: ', implode(' ', array_slice($entry[3], 0, 3)), "\n";
}
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '10000');
foreach ([251, 100000] as $n) {
    $many = array_map(fn($i) => "$name:$i", range(1, $n));
    $t = microtime(true);
    try {
        $lock->lockMany($many);
    } catch (ValueError $e) {
        echo $e->getMessage(), (microtime(true) - $t) < 0.2 ? '' : ' (slow)', "\n";
    }
}
var_dump($raw->call('EXISTS', "Lock:$name:1"));
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
commands over 50 ms: 0
RedisLock::lockMany(): Argument #1 ($names) must not hold more than 250 names
RedisLock::lockMany(): Argument #1 ($names) must not hold more than 250 names
int(0)
