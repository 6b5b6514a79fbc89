--TEST--
RedisQueue: max_attempts and retry_backoff are accepted at their bounds, as DSN parameters and array options, and refused beyond
--DESCRIPTION--
RedisQueue: max_attempts (int 0..1000000) and retry_backoff (seconds 0..3600)
are accepted as DSN parameters and array options at their bounds; values
outside, or not numbers, are a ValueError, an array option of the wrong type a
TypeError; RedisLock and RedisSemaphore refuse both options with a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$dsn = rl_dsn();
$cases = [
    'dsn max_attempts=0&retry_backoff=0' => fn () => new RedisQueue("$dsn?max_attempts=0&retry_backoff=0"),
    'dsn max_attempts=1000000&retry_backoff=3600' => fn () => new RedisQueue("$dsn?max_attempts=1000000&retry_backoff=3600"),
    'dsn retry_backoff=0.25' => fn () => new RedisQueue("$dsn?retry_backoff=0.25"),
    'array max_attempts 1000000, retry_backoff 3600.0' => fn () => new RedisQueue(rl_options(['max_attempts' => 1000000, 'retry_backoff' => 3600.0])),
    'array retry_backoff int 2' => fn () => new RedisQueue(rl_options(['retry_backoff' => 2])),
    'dsn max_attempts=-1' => fn () => new RedisQueue("$dsn?max_attempts=-1"),
    'dsn max_attempts=1000001' => fn () => new RedisQueue("$dsn?max_attempts=1000001"),
    'dsn max_attempts=1.5' => fn () => new RedisQueue("$dsn?max_attempts=1.5"),
    'dsn max_attempts=abc' => fn () => new RedisQueue("$dsn?max_attempts=abc"),
    'dsn max_attempts=' => fn () => new RedisQueue("$dsn?max_attempts="),
    'dsn retry_backoff=-0.1' => fn () => new RedisQueue("$dsn?retry_backoff=-0.1"),
    'dsn retry_backoff=3600.5' => fn () => new RedisQueue("$dsn?retry_backoff=3600.5"),
    'dsn retry_backoff=nan' => fn () => new RedisQueue("$dsn?retry_backoff=nan"),
    'dsn retry_backoff=x' => fn () => new RedisQueue("$dsn?retry_backoff=x"),
    'array max_attempts -1' => fn () => new RedisQueue(rl_options(['max_attempts' => -1])),
    'array max_attempts 1000001' => fn () => new RedisQueue(rl_options(['max_attempts' => 1000001])),
    'array max_attempts "3"' => fn () => new RedisQueue(rl_options(['max_attempts' => '3'])),
    'array max_attempts 1.0' => fn () => new RedisQueue(rl_options(['max_attempts' => 1.0])),
    'array max_attempts null' => fn () => new RedisQueue(rl_options(['max_attempts' => null])),
    'array retry_backoff -1' => fn () => new RedisQueue(rl_options(['retry_backoff' => -1])),
    'array retry_backoff 3601' => fn () => new RedisQueue(rl_options(['retry_backoff' => 3601])),
    'array retry_backoff NAN' => fn () => new RedisQueue(rl_options(['retry_backoff' => NAN])),
    'array retry_backoff INF' => fn () => new RedisQueue(rl_options(['retry_backoff' => INF])),
    'array retry_backoff "0.5"' => fn () => new RedisQueue(rl_options(['retry_backoff' => '0.5'])),
    'array retry_backoff true' => fn () => new RedisQueue(rl_options(['retry_backoff' => true])),
    'RedisLock dsn max_attempts' => fn () => new RedisLock("$dsn?max_attempts=3"),
    'RedisLock dsn retry_backoff' => fn () => new RedisLock("$dsn?retry_backoff=1"),
    'RedisLock array max_attempts 0' => fn () => new RedisLock(rl_options(['max_attempts' => 0])),
    'RedisLock dsn retry_backoff=0' => fn () => new RedisLock("$dsn?retry_backoff=0"),
    'RedisLock array retry_backoff' => fn () => new RedisLock(rl_options(['retry_backoff' => 1.0])),
    'RedisSemaphore dsn max_attempts' => fn () => new RedisSemaphore("$dsn?max_attempts=3"),
    'RedisSemaphore array retry_backoff' => fn () => new RedisSemaphore(rl_options(['retry_backoff' => 1.0])),
];
foreach ($cases as $label => $case) {
    try {
        $r = $case();
        echo "$label: ", get_class($r), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', str_replace($dsn, 'DSN', $e->getMessage()), "\n";
    }
}
?>
--EXPECT--
dsn max_attempts=0&retry_backoff=0: RedisQueue
dsn max_attempts=1000000&retry_backoff=3600: RedisQueue
dsn retry_backoff=0.25: RedisQueue
array max_attempts 1000000, retry_backoff 3600.0: RedisQueue
array retry_backoff int 2: RedisQueue
dsn max_attempts=-1: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: max_attempts must be an integer between 0 and 1000000
dsn max_attempts=1000001: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: max_attempts must be an integer between 0 and 1000000
dsn max_attempts=1.5: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: max_attempts must be an integer between 0 and 1000000
dsn max_attempts=abc: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: max_attempts must be an integer between 0 and 1000000
dsn max_attempts=: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: max_attempts must be an integer between 0 and 1000000
dsn retry_backoff=-0.1: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: retry_backoff must be a number of seconds between 0 and 3600
dsn retry_backoff=3600.5: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: retry_backoff must be a number of seconds between 0 and 3600
dsn retry_backoff=nan: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: retry_backoff must be a number of seconds between 0 and 3600
dsn retry_backoff=x: ValueError: RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: retry_backoff must be a number of seconds between 0 and 3600
array max_attempts -1: ValueError: RedisQueue::__construct(): Argument #1 ($connection) option "max_attempts" must be between 0 and 1000000
array max_attempts 1000001: ValueError: RedisQueue::__construct(): Argument #1 ($connection) option "max_attempts" must be between 0 and 1000000
array max_attempts "3": TypeError: RedisQueue::__construct(): Argument #1 ($connection) option "max_attempts" must be of type int, string given
array max_attempts 1.0: TypeError: RedisQueue::__construct(): Argument #1 ($connection) option "max_attempts" must be of type int, float given
array max_attempts null: TypeError: RedisQueue::__construct(): Argument #1 ($connection) option "max_attempts" must be of type int, null given
array retry_backoff -1: ValueError: RedisQueue::__construct(): Argument #1 ($connection) option "retry_backoff" must be a number of seconds between 0 and 3600
array retry_backoff 3601: ValueError: RedisQueue::__construct(): Argument #1 ($connection) option "retry_backoff" must be a number of seconds between 0 and 3600
array retry_backoff NAN: ValueError: RedisQueue::__construct(): Argument #1 ($connection) option "retry_backoff" must be a number of seconds between 0 and 3600
array retry_backoff INF: ValueError: RedisQueue::__construct(): Argument #1 ($connection) option "retry_backoff" must be a number of seconds between 0 and 3600
array retry_backoff "0.5": TypeError: RedisQueue::__construct(): Argument #1 ($connection) option "retry_backoff" must be of type float, string given
array retry_backoff true: TypeError: RedisQueue::__construct(): Argument #1 ($connection) option "retry_backoff" must be of type float, bool given
RedisLock dsn max_attempts: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
RedisLock dsn retry_backoff: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
RedisLock array max_attempts 0: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
RedisLock dsn retry_backoff=0: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
RedisLock array retry_backoff: ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
RedisSemaphore dsn max_attempts: ValueError: RedisSemaphore::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
RedisSemaphore array retry_backoff: ValueError: RedisSemaphore::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
