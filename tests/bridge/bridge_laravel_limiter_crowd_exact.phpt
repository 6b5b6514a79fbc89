--TEST--
Laravel bridge: RateLimiter::attempt() from 32 processes at once admits exactly the limit on ours (Laravel's own redis store is counted)
--DESCRIPTION--
32 forked processes, released together, each call RateLimiter::attempt() 8 times on
one key with a limit of 20 per 60 s window: on our RateLimiter exactly 20 callbacks
run. The same crowd on Laravel's own RateLimiter over its redis store (phpredis, the
same server), which reads the count, then increments it in separate commands, is
counted and shown, not asserted: it admits 20 or more, more whenever two
processes read the count between another's read and its increment.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';

const PROCESSES = 32, ATTEMPTS = 8, LIMIT = 20;

function crowd(string $store, string $key): int
{
    $go = sys_get_temp_dir() . '/' . str_replace(':', '-', rl_name('.go'));
    $pids = [];
    for ($p = 0; $p < PROCESSES; $p++) {
        $pids[] = l4_fork(function () use ($store, $key, $go): int {
            $limiter = lt_app($store, 'crowd')->make(Illuminate\Cache\RateLimiter::class);
            $limiter->attempts('warm-up');   // connected before the start
            $deadline = microtime(true) + 20;
            while (!is_file($go) && microtime(true) < $deadline) {
                usleep(500);
            }
            $admitted = 0;
            for ($i = 0; $i < ATTEMPTS; $i++) {
                if ($limiter->attempt($key, LIMIT, fn () => true, 60)) {
                    $admitted++;
                }
            }

            return $admitted;
        });
    }
    usleep(300000);
    touch($go);
    $codes = l4_wait($pids, 40.0);
    unlink($go);
    if (in_array(-1, $codes, true)) {
        echo "$store: a process did not finish\n";
    }

    return array_sum($codes);
}

$key = 'sale|' . rl_name();
echo 'redislock store: ', crowd('limits', $key), " admitted of ", PROCESSES * ATTEMPTS, "\n";
$theirs = crowd('redis', $key);
echo "Laravel's redis store: $theirs admitted of ", PROCESSES * ATTEMPTS, "\n";
(new RawRedis)->call('DEL', 'crowd:' . $key, 'crowd:' . $key . ':timer');
?>
--EXPECTF--
redislock store: 20 admitted of 256
Laravel's redis store: %d admitted of 256
