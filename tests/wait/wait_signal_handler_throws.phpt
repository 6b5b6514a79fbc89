--TEST--
A signal handler that throws during a blocking wait ends the call with its exception at once, holding nothing and leaving no waiter behind
--DESCRIPTION--
pcntl_alarm(1) with a handler that throws, as a worker's timeout may, while
lock(), RedisSemaphore::acquire() and RedisQueue::reserve() wait up to 30 s. The
call must end with the handler's exception, not a RedisLockException, long before
its wait would (under half of it: a loaded machine's late handler does not cross
that); afterwards nobody waits for the name and, once the holder
lets go, the name is free for another process at once.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$opts = rl_options();
$name = rl_name();
pcntl_async_signals(true);
pcntl_signal(SIGALRM, function () { throw new RuntimeException('timed out'); });
$holder = new RedisLock($opts);
$sem = new RedisSemaphore($opts);
$q = new RedisQueue($opts);
$waiter = new RedisLock($opts);
$semWaiter = new RedisSemaphore($opts);

$cases = [
    'lock' => [fn() => $holder->lock("$name:l", 0, 30), fn() => $waiter->lock("$name:l", 30, 30),
        fn() => $holder->unlock("$name:l"), fn() => $holder->lock("$name:l", 0, 5) && $holder->unlock("$name:l"),
        fn() => $holder->inspect("$name:l")['waiters'] ?? 0],
    'acquire' => [fn() => ($GLOBALS['t'] = $sem->acquire("$name:s", 1, 0, 30)) !== false,
        fn() => $semWaiter->acquire("$name:s", 1, 30, 30), fn() => $sem->release("$name:s", $GLOBALS['t']),
        fn() => ($t = $sem->acquire("$name:s", 1, 0, 5)) !== false && $sem->release("$name:s", $t),
        fn() => $sem->inspect("$name:s")['waiters'] ?? 0],
    'reserve' => [fn() => true, fn() => $q->reserve("$name:q", 1, 30, 30), fn() => true,
        fn() => $q->enqueue("$name:q", 'job') && $q->reserve("$name:q")['id'] === 'job', fn() => 0],
];
foreach ($cases as $what => [$take, $wait, $letGo, $again, $waiters]) {
    var_dump($take());
    $start = microtime(true);
    pcntl_alarm(1);
    try {
        $wait();
        echo "$what: no exception\n";
    } catch (RuntimeException $e) {
        $took = microtime(true) - $start;
        /* The alarm comes after 1 s; the wait itself would last 30 s: half of it. */
        echo "$what: ", get_class($e), ': ', $e->getMessage(), $took < 15 ? '' : " after $took s", "\n";
    }
    echo "$what: waiters ", $waiters(), "\n";
    var_dump($letGo(), $again());
}
?>
--EXPECT--
bool(true)
lock: RuntimeException: timed out
lock: waiters 0
bool(true)
bool(true)
bool(true)
acquire: RuntimeException: timed out
acquire: waiters 0
bool(true)
bool(true)
bool(true)
reserve: RuntimeException: timed out
reserve: waiters 0
bool(true)
bool(true)
