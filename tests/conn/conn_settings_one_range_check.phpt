--TEST--
Connections: every numeric setting accepts and refuses the same values whichever form gives it
--DESCRIPTION--
Connections: every numeric setting has one range check, whichever form gives it:
the DSN's path, the DSN's query or the options array (a "watchdog" entry for the
lease and max_hold) accept and refuse the same values, at and just beyond each
bound, and non-finite ones
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');
/* setting => [class, how the DSN path gives it (null: it cannot), the query key
 * (null: none), how the array gives it, [value => accepted?]]. */
$table = [
    'database' => [RedisLock::class, fn ($v) => "redis://$host:$port/$v", 'db', fn ($v) => ['database' => $v],
        [-1 => false, 0 => true, 2147483647 => true, 2147483648 => false]],
    'database (long name)' => [RedisLock::class, null, 'database', fn ($v) => ['database' => $v],
        [0 => true, 2147483648 => false]],
    'port' => [RedisLock::class, fn ($v) => "redis://$host:$v", null, fn ($v) => ['port' => $v],
        [0 => false, 1 => true, 65535 => true, 65536 => false]],
    'min_replicas' => [RedisLock::class, null, 'min_replicas', fn ($v) => ['min_replicas' => $v],
        [-1 => false, 0 => true, 64 => true, 65 => false]],
    'max_attempts' => [RedisQueue::class, null, 'max_attempts', fn ($v) => ['max_attempts' => $v],
        [-1 => false, 0 => true, 1000000 => true, 1000001 => false]],
    'retry_backoff' => [RedisQueue::class, null, 'retry_backoff', fn ($v) => ['retry_backoff' => $v],
        ['-0.001' => false, '0' => true, '3600' => true, '3600.001' => false, 'INF' => false, 'NAN' => false]],
    'connect_timeout' => [RedisLock::class, null, 'connect_timeout', fn ($v) => ['connect_timeout' => $v],
        ['0.0009' => false, '0.001' => true, '1e9' => true, '1000000001' => false, 'INF' => false, 'NAN' => false]],
    'read_timeout' => [RedisLock::class, null, 'read_timeout', fn ($v) => ['read_timeout' => $v],
        ['0' => false, '0.001' => true, '1e9' => true, '1000000001' => false, 'INF' => false]],
    'watchdog lease' => [RedisLock::class, null, 'watchdog_lease', fn ($v) => ['watchdog' => ['lease' => $v]],
        ['0.0499' => false, '0.05' => true, '3600' => true, '3600.5' => false, 'INF' => false, 'NAN' => false]],
    'watchdog max_hold' => [RedisLock::class, null, 'watchdog_max_hold', fn ($v) => ['watchdog' => ['max_hold' => $v]],
        ['0' => false, '0.001' => true, '1e9' => true, '1100000000' => false, 'INF' => false]],
];
/** 'ok', or the class of what the constructor threw. */
function verdict(string $class, string|array $connection): string
{
    try {
        new $class($connection);
        return 'ok';
    } catch (Throwable $e) {
        return get_class($e);
    }
}
$bad = [];
$checks = 0;
foreach ($table as $setting => [$class, $path, $key, $array, $values]) {
    foreach ($values as $text => $accepted) {
        $text = (string) $text;
        $number = match ($text) { 'INF' => INF, 'NAN' => NAN, default => str_contains($text, '.') || str_contains($text, 'e') || in_array($setting, ['retry_backoff', 'connect_timeout', 'read_timeout', 'watchdog lease', 'watchdog max_hold'], true) ? (float) $text : (int) $text };
        $dsnText = match ($text) { 'INF' => 'inf', 'NAN' => 'nan', default => $text };
        $want = $accepted ? 'ok' : 'ValueError';
        $forms = ['array' => verdict($class, rl_options($array($number)))];
        if ($path) {
            $forms['path'] = verdict($class, $path($dsnText));
        }
        if ($key) {
            $forms['query'] = verdict($class, "redis://$host:$port?$key=" . rawurlencode($dsnText));
        }
        foreach ($forms as $form => $got) {
            $checks++;
            if ($got !== $want) {
                $bad[] = "$setting = $text by the $form: $got, expected $want";
            }
        }
    }
}
echo $bad ? implode("\n", $bad) . "\n" : "every form agrees\n";
echo "$checks checks\n";
?>
--EXPECT--
every form agrees
96 checks
