--TEST--
Laravel bridge: the RateLimited job middleware on our RateLimiter runs exactly its limit of jobs from 32 workers at once
--DESCRIPTION--
32 forked processes, released together, each hand 4 jobs to Laravel's own
RateLimited middleware of a named limiter (Limit::perMinute(10)). The middleware
asks tooManyAttempts(), then hit(): two separate calls, so two workers that both
check the last slot at once would both run their job. On ours the check takes the
slot in the same round trip as it decides and the hit() that follows claims it: of
the 128 jobs exactly 10 run, the others are released.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Cache\RateLimiter;
use Illuminate\Cache\RateLimiting\Limit;
use Illuminate\Queue\Middleware\RateLimited;

const PROCESSES = 32, JOBS = 4, LIMIT = 10;

$by = rl_name();
$prefix = rl_name();
$go = rl_env('REDISLOCK_TEST_TMP') . '/' . str_replace(':', '-', rl_name('.go'));
$pids = [];
for ($p = 0; $p < PROCESSES; $p++) {
    $pids[] = l4_fork(function () use ($by, $prefix, $go): int {
        $limiter = lt_app('limits', $prefix)->make(RateLimiter::class);
        $limiter->for('partner-api', fn ($job) => Limit::perMinute(LIMIT)->by($by));
        $limiter->attempts('warm-up');   // connected before the start
        $job = new class {
            public int $ran = 0;
            public function release($delay = 0) {}
        };
        $middleware = new RateLimited('partner-api');
        $deadline = microtime(true) + 20;
        while (!is_file($go) && microtime(true) < $deadline) {
            usleep(500);
        }
        for ($i = 0; $i < JOBS; $i++) {
            $middleware->handle($job, function ($job) { $job->ran++; });
        }

        return $job->ran;
    });
}
usleep(300000);
touch($go);
$codes = l4_wait($pids, 40.0);
unlink($go);
if (in_array(-1, $codes, true)) {
    echo "a process did not finish\n";
}
echo array_sum($codes), ' jobs ran of ', PROCESSES * JOBS, "\n";
?>
--EXPECT--
10 jobs ran of 128
