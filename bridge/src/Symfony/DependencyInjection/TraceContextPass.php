<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

use RedisLock\Bridge\Symfony\Messenger\TraceContextMiddleware;
use Symfony\Component\DependencyInjection\Compiler\CompilerPassInterface;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Definition;

/**
 * Puts TraceContextMiddleware first on every Messenger bus FrameworkBundle
 * configured (the "<bus>.middleware" lists its MessengerPass then builds the
 * buses from; this pass runs before it): a received message is handled in its
 * trace context, whatever bus and transport. Without Messenger, nothing.
 */
final class TraceContextPass implements CompilerPassInterface
{
    public const MIDDLEWARE = 'redislock.messenger.trace_context_middleware';

    public function process(ContainerBuilder $container): void
    {
        if (!interface_exists(\Symfony\Component\Messenger\Middleware\MiddlewareInterface::class)) {
            return;
        }
        $buses = array_keys($container->findTaggedServiceIds('messenger.bus'));
        foreach ($buses as $bus) {
            if (!$container->hasParameter("$bus.middleware")) {
                continue;
            }
            $middleware = $container->getParameter("$bus.middleware");
            if (!is_array($middleware) || in_array(self::MIDDLEWARE, array_column($middleware, 'id'), true)) {
                continue;
            }
            if (!$container->hasDefinition(self::MIDDLEWARE)) {
                $container->setDefinition(self::MIDDLEWARE, new Definition(TraceContextMiddleware::class));
            }
            array_unshift($middleware, ['id' => self::MIDDLEWARE]);
            $container->setParameter("$bus.middleware", $middleware);
        }
    }
}
