--TEST--
Laravel bridge: the RateLimited job middleware on our RateLimiter runs the limit, then releases the job for the window's rest
--DESCRIPTION--
Laravel's Illuminate\Queue\Middleware\RateLimited with a named limiter
(RateLimiter::for('reports', fn () => Limit::perMinute(2))) on our RateLimiter: the
first two jobs run, the third is released (its job's release() called, not run)
with the seconds left of the window plus Laravel's 3, and attempts() counts 2.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Cache\RateLimiter;
use Illuminate\Cache\RateLimiting\Limit;
use Illuminate\Queue\Middleware\RateLimited;

$app = lt_app('limits');
$limiter = $app->make(RateLimiter::class);
$by = rl_name();
$limiter->for('reports', fn ($job) => Limit::perMinute(2)->by($by));

/* A job as the worker hands it to its middleware: release() records the delay. */
$job = new class {
    public ?int $released = null;
    public int $ran = 0;
    public function release($delay = 0) { $this->released = (int) $delay; }
};
$middleware = new RateLimited('reports');
for ($i = 1; $i <= 3; $i++) {
    $middleware->handle($job, function ($job) { $job->ran++; });
    echo "job $i: ran {$job->ran}, released ", var_export($job->released, true), "\n";
}
var_dump($job->released >= 61 && $job->released <= 63);
var_dump($limiter->attempts(md5('reports' . $by)));
?>
--EXPECTF--
job 1: ran 1, released NULL
job 2: ran 2, released NULL
job 3: ran 2, released %d
bool(true)
int(2)
