--TEST--
A lock's or semaphore's script drops at most 500 dead waiters per call: 200,000 dead waiters in a queue never make a command of 50 ms, and the live waiter behind them still gets the name
--DESCRIPTION--
Waiters that die leave their place in the queue until a script finds their alive
mark gone. 200,000 such places are written straight into the queues of a lock
and a semaphore (as that many killed waiters would leave them). Releasing,
taking and inspecting the names must each stay under the server's 50 ms slow log
threshold, and a live waiter queued behind them gets the name within its wait.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$opts = rl_options();
$lock = new RedisLock($opts);
$sem = new RedisSemaphore($opts);
var_dump($lock->lock("$name:l", 0, 30));
$t = $sem->acquire("$name:s", 1, 0, 30);
/* The queues as 200,000 killed waiters leave them: scores before now, no alive marks. */
foreach (["{Lock:$name:l}:queue", "{Semaphore:$name:s}:queue"] as $queue) {
    for ($batch = 0; $batch < 200; $batch++) {
        $args = ['ZADD', $queue];
        for ($i = 0; $i < 1000; $i++) {
            array_push($args, (string) ($batch * 1000 + $i + 1), sprintf('%032x', $batch * 1000 + $i));
        }
        $raw->call(...$args);
    }
}
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '50000');
$raw->call('SLOWLOG', 'RESET');
rl_server_priority($raw);
$lockWaiter = l4_fork(function () use ($opts, $name) {
    $w = new RedisLock($opts);
    return $w->lock("$name:l", 20, 5) && $w->unlock("$name:l") ? 0 : 3;
});
$semWaiter = l4_fork(function () use ($opts, $name) {
    $w = new RedisSemaphore($opts);
    $t = $w->acquire("$name:s", 1, 20, 5);
    return $t !== false && $w->release("$name:s", $t) ? 0 : 4;
});
usleep(300000);
var_dump($lock->inspect("$name:l") !== null, $sem->inspect("$name:s") !== null);
var_dump($lock->unlock("$name:l"), $sem->release("$name:s", $t));
echo implode(',', l4_wait([$lockWaiter, $semWaiter], 25)), "\n";
/* Only this test's commands: the server is shared with the tests running beside it. */
$slow = array_filter($raw->call('SLOWLOG', 'GET', '128'), fn($e) => str_contains(implode(' ', $e[3]), $name));
echo 'commands over 50 ms: ', count($slow), "\n";
foreach ($slow as $entry) {
    echo '  ', $entry[2], ' us: ', implode(' ', array_slice($entry[3], 0, 2)), "\n";
}
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '10000');
$raw->call('DEL', "{Lock:$name:l}:queue", "{Semaphore:$name:s}:queue");
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
0,0
commands over 50 ms: 0
