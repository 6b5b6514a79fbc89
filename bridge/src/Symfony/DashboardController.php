<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony;

use RedisLock\Bridge\Dashboard\Dashboard;
use RedisLock\Bridge\Operator\Inspector;
use RedisLock\Bridge\Operator\Secrets;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;

/**
 * The dashboard (RedisLock\Bridge\Dashboard) as a controller of a Symfony
 * application: the service redislock.dashboard.controller, made by the bundle
 * when redislock.dashboard is enabled, routed by importing
 * @RedisLockBundle/Resources/config/routes/dashboard.php under a prefix:
 *
 *     # config/routes/redislock.yaml
 *     redislock_dashboard:
 *         resource: '@RedisLockBundle/Resources/config/routes/dashboard.php'
 *         prefix: /redislock
 *
 * Only a user the authorization checker grants the configured role (ROLE_ADMIN
 * by default) gets a page; everyone else, and every request when Symfony's
 * security is not installed, gets 403 before anything is read. Put the prefix
 * behind a firewall that authenticates (access_control may ask for the role
 * too). The action forms' token is an HMAC of kernel.secret, so any PHP-FPM
 * worker takes a form another one served; with a kernel.secret shorter than
 * MIN_SECRET bytes (empty, say) anyone could compute it, and the dashboard stays
 * read-only.
 */
final class DashboardController
{
    /** The shortest kernel.secret with which the actions are offered. */
    public const MIN_SECRET = 16;

    /**
     * @param string|array<string, mixed> $connection
     * @param object|null $authorization Symfony's AuthorizationCheckerInterface (null: security not installed)
     */
    public function __construct(
        #[\SensitiveParameter] private string|array $connection,
        private string $role,
        private bool $actions,
        #[\SensitiveParameter] private string $secret,
        private ?object $authorization = null,
    ) {
    }

    public function __invoke(Request $request, string $page = ''): Response
    {
        if (!$this->granted()) {
            return new Response("Forbidden\n", 403, ['Content-Type' => 'text/plain; charset=utf-8']);
        }
        // The links go under the prefix the route was imported with: the path as
        // routed (decoded, as $page is) without the page, each segment encoded again.
        $path = rawurldecode($request->getPathInfo());
        $suffix = $page === '' ? '' : '/' . $page;
        $base = str_ends_with($path, $suffix) ? rtrim(substr($path, 0, strlen($path) - strlen($suffix)), '/') : '';
        $base = implode('/', array_map('rawurlencode', explode('/', $base)));
        // Without a real kernel.secret the token could be computed by anyone: read-only then.
        $dashboard = new Dashboard(
            new Inspector($this->connection),
            hash_hmac('sha256', 'redislock dashboard', $this->secret, true),
            $this->actions && strlen($this->secret) >= self::MIN_SECRET,
            $request->getBaseUrl() . $base,
            new Secrets($this->connection),
        );
        $answer = $dashboard->handle($request->getMethod(), '/' . $page, $request->query->all(), $request->request->all());

        return new Response($answer->body, $answer->status, $answer->headers);
    }

    private function granted(): bool
    {
        if ($this->authorization === null || !method_exists($this->authorization, 'isGranted')) {
            return false;
        }
        try {
            return (bool) $this->authorization->isGranted($this->role);
        } catch (\Throwable $e) {
            // No token to check (a request outside every firewall): refused.
            if (str_ends_with(get_class($e), 'AuthenticationCredentialsNotFoundException')) {
                return false;
            }
            throw $e;
        }
    }
}
