--TEST--
Laravel bridge: the throttle middleware on our RateLimiter admits exactly its limit to 32 processes at once
--DESCRIPTION--
32 forked processes, released together, each dispatch 4 requests of one client
through Laravel's Router to a route with Laravel's own `throttle:10,1` middleware
(ThrottleRequests, resolved from the container with our RateLimiter in it). The
middleware asks tooManyAttempts(), then hit(): two separate calls, so two requests
that both check the last slot at once would both go on. On ours the check takes the
slot in the same round trip as it decides and the hit() that follows claims it: of
the 128 requests exactly 10 get the page, the others Laravel's 429.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Http\Exceptions\ThrottleRequestsException;
use Illuminate\Http\Request;
use Illuminate\Routing\Router;

const PROCESSES = 32, REQUESTS = 4, LIMIT = 10;

$ip = '10.2.' . random_int(0, 255) . '.' . random_int(1, 254);
$prefix = rl_name();
$go = rl_env('REDISLOCK_TEST_TMP') . '/' . str_replace(':', '-', rl_name('.go'));
$pids = [];
for ($p = 0; $p < PROCESSES; $p++) {
    $pids[] = l4_fork(function () use ($ip, $prefix, $go): int {
        $app = lt_app('limits', $prefix);
        $router = new Router(new Illuminate\Events\Dispatcher($app), $app);
        $router->aliasMiddleware('throttle', Illuminate\Routing\Middleware\ThrottleRequests::class);
        $router->get('/sale', fn () => 'page')->middleware('throttle:' . LIMIT . ',1');
        $app->make(Illuminate\Cache\RateLimiter::class)->attempts('warm-up');   // connected before the start
        $deadline = microtime(true) + 20;
        while (!is_file($go) && microtime(true) < $deadline) {
            usleep(500);
        }
        $pages = 0;
        for ($i = 0; $i < REQUESTS; $i++) {
            try {
                $response = $router->dispatch(Request::create('/sale', 'GET', [], [], [], ['REMOTE_ADDR' => $ip]));
                $pages += $response->getStatusCode() === 200 ? 1 : 0;
            } catch (ThrottleRequestsException $e) {
            }
        }

        return $pages;
    });
}
usleep(300000);
touch($go);
$codes = l4_wait($pids, 40.0);
unlink($go);
if (in_array(-1, $codes, true)) {
    echo "a process did not finish\n";
}
echo array_sum($codes), ' pages of ', PROCESSES * REQUESTS, " requests\n";
?>
--EXPECT--
10 pages of 128 requests
