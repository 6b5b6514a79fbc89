--TEST--
RedisSemaphore::synchronized(): when no permit is free within $timeout it throws RedisLockTimeoutException after that timeout, and $fn is never called
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$holder = sem_new();
$sem = sem_new();
$t = $holder->acquire($name, 2, 0, 30, 2);
var_dump(is_string($t));
/* The bound is against waiting for the holder's 30 s: half of it. */
foreach ([0, 0.3] as $timeout) {
    $called = false;
    [$e, $got, $took] = sem_timed(fn () => $sem->synchronized($name, 2, function () use (&$called) {
        $called = true;
    }, $timeout));
    echo "timeout $timeout: ", $e ? get_class($e) : 'returned ' . json_encode($got), ', fn called: ', json_encode($called),
        ', waited its timeout: ', sem_yes($took >= $timeout - 0.01 && $took < l4_bound(15), $took), "\n";
}
var_dump($sem->count($name), $holder->release($name, $t));
?>
--EXPECT--
bool(true)
timeout 0: RedisLockTimeoutException, fn called: false, waited its timeout: yes
timeout 0.3: RedisLockTimeoutException, fn called: false, waited its timeout: yes
int(2)
bool(true)
