<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel;

use RedisLock\Bridge\Dashboard\Dashboard;
use RedisLock\Bridge\Operator\Inspector;
use RedisLock\Bridge\Operator\Secrets;

/**
 * The dashboard (RedisLock\Bridge\Dashboard) as routes of a Laravel application,
 * registered by RedisLockServiceProvider when config/redislock.php says:
 *
 *   'dashboard' => [
 *       'enabled' => true,
 *       'path' => 'redislock',          // its URL: /redislock, /redislock/locks, ...
 *       'connection' => 'default',      // config/database.php's redis connection
 *       'middleware' => ['web'],        // the route group's middleware
 *       'actions' => false,             // true: retry and purge dead letters
 *   ],
 *
 * Who may open it: the gate ability "viewRedisLockDashboard" when the
 * application defines it (Gate::define('viewRedisLockDashboard', fn ($user) =>
 * ...)), else nobody but in the "local" environment, as Horizon does. Everyone
 * else gets 403 before a page is read.
 *
 * The token of the action forms is an HMAC of app.key (so that every PHP-FPM
 * worker takes the others' forms); without app.key the dashboard is read-only.
 * The forms also carry Laravel's own CSRF token (_token) when the request has a
 * session, for the "web" group's VerifyCsrfToken.
 */
final class DashboardRoutes
{
    public const ABILITY = 'viewRedisLockDashboard';

    public function __construct(private \Illuminate\Contracts\Container\Container $app)
    {
    }

    /** The route's action (an invokable controller: route:cache keeps it). */
    public function __invoke(\Illuminate\Http\Request $request, $page = null): \Illuminate\Http\Response
    {
        $config = (array) $this->app['config']->get('redislock.dashboard', []);

        return self::respond($this->app, $config, trim((string) ($config['path'] ?? 'redislock'), '/'), $request, (string) $page);
    }

    /**
     * Adds the routes when the dashboard is enabled and a router is bound.
     *
     * @param \Illuminate\Contracts\Container\Container $app
     */
    public static function register($app): void
    {
        $config = $app->bound('config') ? $app['config']->get('redislock.dashboard') : null;
        if (!is_array($config) || !($config['enabled'] ?? false) || !$app->bound('router')) {
            return;
        }
        $path = trim((string) ($config['path'] ?? 'redislock'), '/');
        $app['router']->group(['prefix' => $path, 'middleware' => (array) ($config['middleware'] ?? ['web'])], static function ($router): void {
            $router->match(['GET', 'HEAD', 'POST'], '{page?}', self::class)->where('page', '.*')->name('redislock.dashboard');
        });
    }

    /**
     * @param \Illuminate\Contracts\Container\Container $app
     * @param array<string, mixed> $config
     */
    public static function respond($app, array $config, string $path, \Illuminate\Http\Request $request, string $page): \Illuminate\Http\Response
    {
        if (!self::allowed($app, $request)) {
            return new \Illuminate\Http\Response("Forbidden\n", 403, ['Content-Type' => 'text/plain; charset=utf-8']);
        }
        $redis = (array) $app['config']->get('database.redis', []);
        $options = ConnectionConfig::redisConnectionOptions($redis, (string) ($config['connection'] ?? 'default'));
        // app.key derives the token (shorter than 16 bytes, anyone could compute it: read-only then).
        $key = (string) $app['config']->get('app.key', '');
        if (strlen($key) < 16) {
            $key = '';
        }
        $fields = $request->hasSession() ? ['_token' => (string) $request->session()->token()] : [];
        $dashboard = new Dashboard(
            new Inspector($options),
            $key === '' ? random_bytes(32) : hash_hmac('sha256', 'redislock dashboard', $key, true),
            $key !== '' && (bool) ($config['actions'] ?? false),
            rtrim(rtrim($request->getBaseUrl(), '/') . '/' . trim($path, '/'), '/'),
            new Secrets($options),
            $fields,
        );
        $answer = $dashboard->handle($request->getMethod(), '/' . $page, $request->query->all(), $request->request->all());

        return new \Illuminate\Http\Response($answer->body, $answer->status, $answer->headers);
    }

    /**
     * The gate's answer when the application defines the ability, else whether
     * the environment is "local".
     *
     * @param \Illuminate\Contracts\Container\Container $app
     */
    private static function allowed($app, \Illuminate\Http\Request $request): bool
    {
        if ($app->bound(\Illuminate\Contracts\Auth\Access\Gate::class)) {
            $gate = $app->make(\Illuminate\Contracts\Auth\Access\Gate::class);
            if ($gate->has(self::ABILITY)) {
                return $gate->forUser($request->user())->allows(self::ABILITY);
            }
        }

        return method_exists($app, 'environment') ? $app->environment('local') : false;
    }
}
