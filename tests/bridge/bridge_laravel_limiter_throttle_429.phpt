--TEST--
Laravel bridge: the throttle middleware on our RateLimiter admits exactly its limit, then answers 429 with Retry-After
--DESCRIPTION--
A route with Laravel's own `throttle:3,1` middleware (Illuminate\Routing\Middleware\
ThrottleRequests, resolved from the container with our RateLimiter in it), dispatched
by Laravel's Router: the first 3 requests of a client get the page with
X-RateLimit-Limit 3 and X-RateLimit-Remaining counting down, the 4th gets Laravel's
ThrottleRequestsException, which Laravel's exception handler renders as its status
(429) and headers: Retry-After (the seconds left of the minute's window) and
X-RateLimit-Remaining 0. Another client is not limited.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Http\Exceptions\ThrottleRequestsException;
use Illuminate\Http\Request;
use Illuminate\Routing\Router;

$app = lt_app('limits');
$router = new Router(new Illuminate\Events\Dispatcher($app), $app);
$router->aliasMiddleware('throttle', Illuminate\Routing\Middleware\ThrottleRequests::class);
$router->get('/page', fn () => 'page')->middleware('throttle:3,1');

function get(Router $router, string $ip): array
{
    $request = Request::create('/page', 'GET', [], [], [], ['REMOTE_ADDR' => $ip]);
    try {
        $response = $router->dispatch($request);
    } catch (ThrottleRequestsException $e) {
        // What Laravel's exception handler renders for an HttpException.
        $response = new Illuminate\Http\Response('', $e->getStatusCode(), $e->getHeaders());
    }

    return [$response->getStatusCode(), $response->getContent(), $response->headers->get('X-RateLimit-Limit'),
        $response->headers->get('X-RateLimit-Remaining'), $response->headers->get('Retry-After')];
}

$ip = '10.0.' . random_int(0, 255) . '.' . random_int(1, 254);
for ($i = 1; $i <= 3; $i++) {
    echo json_encode(get($router, $ip)), "\n";
}
[$status, , $limit, $remaining, $retryAfter] = get($router, $ip);
var_dump($status, $limit, $remaining, (int) $retryAfter >= 58 && (int) $retryAfter <= 60);
echo json_encode(get($router, $ip === '10.1.1.1' ? '10.1.1.2' : '10.1.1.1')), "\n";
?>
--EXPECT--
[200,"page","3","2",null]
[200,"page","3","1",null]
[200,"page","3","0",null]
int(429)
string(1) "3"
string(1) "0"
bool(true)
[200,"page","3","2",null]
