<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony;

use RedisLock\Bridge\Symfony\DependencyInjection\FrameworkLimitersPass;
use RedisLock\Bridge\Symfony\DependencyInjection\LockFactoryPass;
use RedisLock\Bridge\Symfony\DependencyInjection\MessengerDeduplicatePass;
use RedisLock\Bridge\Symfony\DependencyInjection\RedisLockExtension;
use RedisLock\Bridge\Symfony\DependencyInjection\TraceContextPass;
use RedisLock\Bridge\TraceContext;
use Symfony\Component\DependencyInjection\Compiler\PassConfig;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Extension\ExtensionInterface;
use Symfony\Component\HttpKernel\Bundle\Bundle;

/**
 * The redislock bundle: register it in config/bundles.php and configure it under
 * the root "redislock" (see RedisLockExtension for what it registers):
 *
 *     redislock:
 *         connection: '%env(REDISLOCK_DSN)%'   # a DSN, or \RedisLock's options as a map
 *         lease: 10                             # seconds; false: locks keep symfony's ttl only
 *         lock_factory: true                    # lock.factory (and LockFactory) on our store
 *         rate_limiters:                        # redislock.limiter.NAME, decided by one \RedisRateLimiter
 *             api: { policy: token_bucket, limit: 100, rate: { interval: '1 minute', amount: 100 } }
 *         framework_limiters: true              # symfony 7.3+: framework.rate_limiter's limiters on it too
 *         dashboard: { enabled: true, role: ROLE_ADMIN, actions: false }   # see DashboardController
 *
 * With Messenger and the lock component (symfony 7.3+), a DeduplicateStamp on a
 * message sent to one redislock transport is decided by the queue in the send's
 * round trip, with no lock (MessengerDeduplicatePass).
 */
class RedisLockBundle extends Bundle
{
    public function build(ContainerBuilder $container): void
    {
        parent::build($container);
        $container->addCompilerPass(new LockFactoryPass());
        $container->addCompilerPass(new FrameworkLimitersPass());
        $container->addCompilerPass(new MessengerDeduplicatePass());
        // Before FrameworkBundle's MessengerPass (priority 0) builds the buses.
        $container->addCompilerPass(new TraceContextPass(), PassConfig::TYPE_BEFORE_OPTIMIZATION, 10);
    }

    /**
     * Messages sent while a request is served carry its trace context (the
     * "traceparent" and "tracestate" headers of the main request) when nothing
     * else set one (RedisLock\Bridge\TraceContext).
     */
    public function boot(): void
    {
        $container = $this->container;
        if ($container === null || !$container->has('request_stack')) {
            return;
        }
        TraceContext::resolveWith(static function () use ($container): ?TraceContext {
            $request = $container->get('request_stack')->getMainRequest();

            return $request === null ? null
                : TraceContext::parse($request->headers->get('traceparent'), $request->headers->get('tracestate'));
        });
    }

    public function getContainerExtension(): ?ExtensionInterface
    {
        // The alias is "redislock", not the "redis_lock" symfony would derive from the class name.
        return $this->extension ??= new RedisLockExtension();
    }
}
