--TEST--
Laravel: with redislock.dashboard enabled, the provider's routes serve the dashboard under its path to whom the gate viewRedisLockDashboard allows (without it, in the local environment only)
--DESCRIPTION--
Laravel's own Router, Request and Gate (Illuminate\Auth\Access\Gate), the
provider registered and booted as an application does. The pages are asked of
the router, as the HTTP kernel would. A request the gate refuses gets 403 and
reads nothing; the links of the pages are under the configured path; with
actions and app.key, a retry through the confirmation page's form puts the dead
letter back, its form carrying the session's _token beside the dashboard's.
--INI--
extension=mbstring
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
foreach (['Illuminate/Support', 'Illuminate/Container', 'Illuminate/Config', 'Illuminate/Events', 'Illuminate/Http', 'Illuminate/Routing', 'Illuminate/Auth', 'Illuminate/Cache', 'Illuminate/Session'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        exit("$package is not installed\n");
    }
    require_once "$package/autoload.php";
}

final class DashApp extends Illuminate\Container\Container
{
    public string $env = 'production';
    public function environment(...$environments)
    {
        return $environments === [] ? $this->env : in_array($this->env, $environments, true);
    }
    public function booting($callback): void
    {
        $callback($this);
    }
    public function runningInConsole(): bool
    {
        return false;
    }
}

$server = new FaultServer();
$q = new RedisQueue("redis://127.0.0.1:{$server->port}");
$q->enqueue('mail', ['m1', 'm2'], 10, 0, false, ['m1' => 'one', 'm2' => 'two']);
foreach ($q->reserve('mail', 2, 30, 0, 1) as $t) {
    $q->fail('mail', $t['id'], $t['receipt']);
}
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};

function dash_app(int $port, array $dashboard, ?Closure $gate, string $env = 'production'): array
{
    $app = new DashApp();
    $app->env = $env;
    Illuminate\Container\Container::setInstance($app);
    $app->instance(Illuminate\Contracts\Container\Container::class, $app);     // as Application's base bindings
    $app->instance('config', new Illuminate\Config\Repository([
        'app' => ['key' => 'base64:' . base64_encode(str_repeat('k', 32))],
        'cache' => ['default' => 'array', 'stores' => ['array' => ['driver' => 'array']]],
        'database' => ['redis' => ['client' => 'phpredis', 'default' => ['host' => '127.0.0.1', 'port' => $port]]],
        'redislock' => ['dashboard' => $dashboard],
    ]));
    $app->instance('events', new Illuminate\Events\Dispatcher($app));
    $app->instance('router', $router = new Illuminate\Routing\Router($app['events'], $app));
    (new Illuminate\Cache\CacheServiceProvider($app))->register();
    if ($gate !== null) {
        $g = new Illuminate\Auth\Access\Gate($app, fn () => null);
        $g->define('viewRedisLockDashboard', $gate);
        $app->instance(Illuminate\Contracts\Auth\Access\Gate::class, $g);
    }
    (new RedisLock\Bridge\Laravel\RedisLockServiceProvider($app))->register();
    return [$app, $router];
}

function dash_call(Illuminate\Routing\Router $router, string $method, string $uri, array $params = [], $session = null): array
{
    $request = Illuminate\Http\Request::create($uri, $method, $params);
    if ($session !== null) {
        $request->setLaravelSession($session);
    }
    // As the HTTP kernel does before it hands the request to the router.
    Illuminate\Container\Container::getInstance()->instance(Illuminate\Http\Request::class, $request);
    $response = $router->dispatch($request);
    return [$response->getStatusCode(), (string) $response->getContent()];
}

/* No gate: production is refused, local is served. */
[, $router] = dash_app($server->port, ['enabled' => true, 'middleware' => []], null);
[$status, $body] = dash_call($router, 'GET', '/redislock/queues');
$check($status === 403 && !str_contains($body, 'mail'), 'no gate, production: 403, nothing read', $status);
[, $router] = dash_app($server->port, ['enabled' => true, 'middleware' => []], null, 'local');
[$status, $body] = dash_call($router, 'GET', '/redislock');
$check($status === 200 && str_contains($body, '<a href="/redislock/queue?name=mail">mail</a>'), 'no gate, local: served, links under /redislock', $status);

/* The gate decides. */
[, $router] = dash_app($server->port, ['enabled' => true, 'middleware' => [], 'path' => 'ops/queues'], fn ($user = null) => false, 'local');
$check(dash_call($router, 'GET', '/ops/queues/locks')[0] === 403, 'a gate that refuses: 403, in local too');
[, $router] = dash_app($server->port, ['enabled' => true, 'middleware' => [], 'path' => 'ops/queues'], fn ($user = null) => true);
[$status, $body] = dash_call($router, 'GET', '/ops/queues/queue?name=mail');
$check($status === 200 && str_contains($body, 'The oldest 2 of 2.') && !str_contains($body, '>Retry<'), 'a gate that allows: served under its path, read-only by default', [$status, strip_tags($body)]);

/* Actions: the confirmation's form carries _token; its POST puts the letter back. */
[$app, $router] = dash_app($server->port, ['enabled' => true, 'middleware' => [], 'actions' => true], fn ($user = null) => true);
$session = new Illuminate\Session\Store('s', new Illuminate\Session\ArraySessionHandler(10));
$session->start();
[$status, $body] = dash_call($router, 'GET', '/redislock/confirm?action=retry&queue=mail&id=m1', [], $session);
$fields = dash_form_fields($body);
$check($status === 200 && ($fields['_token'] ?? null) === $session->token() && isset($fields['token']), 'the form carries the session\'s _token and the dashboard\'s token', $fields);
[$status, $body] = dash_call($router, 'POST', '/redislock/retry', $fields, $session);
$stats = $q->stats(['mail'])['mail'];
$check($status === 200 && $stats['dead'] === 1 && $stats['due'] === 1, 'the POST through the router puts m1 back', [$status, $stats]);
/* Another worker (a new app, the same app.key) takes the form. */
[, $router2] = dash_app($server->port, ['enabled' => true, 'middleware' => [], 'actions' => true], fn ($user = null) => true);
$fields['id_hex'] = bin2hex('m2');
[$status] = dash_call($router2, 'POST', '/redislock/retry', $fields, $session);
$check($status === 200 && $q->stats(['mail'])['mail']['dead'] === 0, 'another worker with the same app.key takes the token');

/* At the root: the links are /queues, not //queues (another host). */
[, $router] = dash_app($server->port, ['enabled' => true, 'middleware' => [], 'path' => ''], fn ($user = null) => true);
[$status, $body] = dash_call($router, 'GET', '/queues');
$check($status === 200 && str_contains($body, '<a href="/locks">') && !str_contains($body, 'href="//'), 'mounted at the root: links at the root, none to another host', $status);

/* Disabled: no route. */
[, $router] = dash_app($server->port, ['enabled' => false], fn ($user = null) => true);
try {
    dash_call($router, 'GET', '/redislock');
    echo "FAILED: a disabled dashboard has a route\n";
} catch (Symfony\Component\HttpKernel\Exception\NotFoundHttpException $e) {
    echo "ok: disabled: no route\n";
}
?>
--EXPECT--
ok: no gate, production: 403, nothing read
ok: no gate, local: served, links under /redislock
ok: a gate that refuses: 403, in local too
ok: a gate that allows: served under its path, read-only by default
ok: the form carries the session's _token and the dashboard's token
ok: the POST through the router puts m1 back
ok: another worker with the same app.key takes the token
ok: mounted at the root: links at the root, none to another host
ok: disabled: no route
