--TEST--
Watchdog: a bad "watchdog" option is refused in the constructor with TypeError or ValueError, and its bounds are accepted
--DESCRIPTION--
Watchdog: the option is checked in the constructor: TypeError for a value that
is not bool or array or an entry that is not a number, ValueError for unknown
keys, a lease outside 0.05..3600 s, a max_hold outside (0, 1e9] s, bad DSN
values, redlock, and a lease on RedisQueue (whose reservations renew to their
visibility); the bounds themselves are accepted
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$h = rl_options();
$dsn = rl_dsn();
$redlock = ['redlock' => [rl_dsn(), rl_dsn(), rl_dsn()]];
$cases = [
    ['RedisLock', $h + ['watchdog' => 'yes']],
    ['RedisLock', $h + ['watchdog' => 1]],
    ['RedisLock', $h + ['watchdog' => null]],
    ['RedisLock', $h + ['watchdog' => ['lease' => '1']]],
    ['RedisLock', $h + ['watchdog' => ['max_hold' => null]]],
    ['RedisLock', $h + ['watchdog' => ['lease' => 0.049]]],
    ['RedisLock', $h + ['watchdog' => ['lease' => 3600.001]]],
    ['RedisLock', $h + ['watchdog' => ['lease' => NAN]]],
    ['RedisLock', $h + ['watchdog' => ['lease' => -1]]],
    ['RedisLock', $h + ['watchdog' => ['max_hold' => 0]]],
    ['RedisLock', $h + ['watchdog' => ['max_hold' => 1e9 + 1]]],
    ['RedisLock', $h + ['watchdog' => ['max_hold' => INF]]],
    ['RedisLock', $h + ['watchdog' => ['lease' => 1, 'max_hold_s' => 2]]],
    ['RedisLock', $h + ['watchdog' => [1.0]]],
    ['RedisSemaphore', $h + ['watchdog' => ['lease' => 0.01]]],
    ['RedisSemaphore', $h + ['watchdog' => 'true']],
    ['RedisLock', "$dsn?watchdog=maybe"],
    ['RedisLock', "$dsn?watchdog_lease=0.01"],
    ['RedisLock', "$dsn?watchdog_lease=4000"],
    ['RedisLock', "$dsn?watchdog_lease=abc"],
    ['RedisLock', "$dsn?watchdog_lease="],
    ['RedisLock', "$dsn?watchdog_max_hold=0"],
    ['RedisLock', "$dsn?watchdog_max_hold=2e9"],
    ['RedisSemaphore', "$dsn?watchdog_max_hold=-5"],
    ['RedisLock', $redlock + ['watchdog' => true]],
    ['RedisLock', $redlock + ['watchdog' => ['lease' => 1]]],
    ['RedisQueue', $h + ['watchdog' => ['lease' => 1]]],
    ['RedisQueue', "$dsn?watchdog_lease=1"],
    /* Accepted: */
    ['RedisQueue', $h + ['watchdog' => false]],
    ['RedisQueue', $h + ['watchdog' => true]],
    ['RedisQueue', "$dsn?watchdog=1"],
    ['RedisQueue', $h + ['watchdog' => ['max_hold' => 60]]],
    ['RedisLock', $redlock + ['watchdog' => false]],
    ['RedisLock', $h + ['watchdog' => ['lease' => 0.05, 'max_hold' => 1e9]]],
    ['RedisLock', $h + ['watchdog' => ['lease' => 3600, 'max_hold' => 1e-3]]],
    ['RedisSemaphore', "$dsn?watchdog_lease=0.05&watchdog_max_hold=1e9"],
    ['RedisSemaphore', $h + ['watchdog' => []]],
];
foreach ($cases as $i => [$class, $options]) {
    try {
        new $class($options);
        echo "$i: accepted\n";
    } catch (Throwable $e) {
        echo "$i: ", get_class($e), ': ', str_replace([$dsn, rl_env('REDISLOCK_TEST_PORT')], ['DSN', 'PORT'], $e->getMessage()), "\n";
    }
}
?>
--EXPECT--
0: TypeError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" must be of type array|bool, string given
1: TypeError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" must be of type array|bool, int given
2: TypeError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" must be of type array|bool, null given
3: TypeError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "lease" must be of type float, string given
4: TypeError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "max_hold" must be of type float, null given
5: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "lease" must be a number of seconds between 0.05 and 3600
6: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "lease" must be a number of seconds between 0.05 and 3600
7: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "lease" must be a number of seconds between 0.05 and 3600
8: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "lease" must be a number of seconds between 0.05 and 3600
9: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "max_hold" must be a number of seconds greater than 0 and at most 1e9
10: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "max_hold" must be a number of seconds greater than 0 and at most 1e9
11: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" entry "max_hold" must be a number of seconds greater than 0 and at most 1e9
12: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" takes only the keys "lease" and "max_hold"
13: ValueError: RedisLock::__construct(): Argument #1 ($connection) option "watchdog" takes only the keys "lease" and "max_hold"
14: ValueError: RedisSemaphore::__construct(): Argument #1 ($connection) option "watchdog" entry "lease" must be a number of seconds between 0.05 and 3600
15: TypeError: RedisSemaphore::__construct(): Argument #1 ($connection) option "watchdog" must be of type array|bool, string given
16: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog must be 0 or 1
17: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_lease must be a number of seconds between 0.05 and 3600
18: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_lease must be a number of seconds between 0.05 and 3600
19: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_lease must be a number of seconds between 0.05 and 3600
20: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_lease must be a number of seconds between 0.05 and 3600
21: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_max_hold must be a number of seconds greater than 0 and at most 1e9
22: ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_max_hold must be a number of seconds greater than 0 and at most 1e9
23: ValueError: RedisSemaphore::__construct(): Argument #1 ($connection) has an invalid DSN: watchdog_max_hold must be a number of seconds greater than 0 and at most 1e9
24: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use option "watchdog" with "redlock": renewals would have to reach a majority of independent servers in time
25: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use option "watchdog" with "redlock": renewals would have to reach a majority of independent servers in time
26: ValueError: RedisQueue::__construct(): Argument #1 ($connection) cannot use a watchdog lease on a queue: each reservation is renewed to its own visibility (max_hold applies)
27: ValueError: RedisQueue::__construct(): Argument #1 ($connection) cannot use a watchdog lease on a queue: each reservation is renewed to its own visibility (max_hold applies)
28: accepted
29: accepted
30: accepted
31: accepted
32: accepted
33: accepted
34: accepted
35: accepted
36: accepted
