<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

use RedisLock\Bridge\Symfony\Messenger\QueueDeduplicateMiddleware;
use Symfony\Component\DependencyInjection\Compiler\CompilerPassInterface;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Definition;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;

/**
 * Where FrameworkBundle registers Messenger's DeduplicateMiddleware (symfony 7.3+,
 * with the lock component on): QueueDeduplicateMiddleware decorates it, so that a
 * message with a DeduplicateStamp whose one sender is a redislock transport costs
 * its send's one round trip instead of a lock's three. A pass, so that it holds
 * whatever order the bundles are loaded in; without that service (older symfony,
 * no lock, no messenger) it registers nothing.
 */
final class MessengerDeduplicatePass implements CompilerPassInterface
{
    public const MIDDLEWARE = 'messenger.middleware.deduplicate_middleware';

    public function process(ContainerBuilder $container): void
    {
        if (!$container->hasDefinition(self::MIDDLEWARE) || !$container->has('messenger.senders_locator')
            || !class_exists(DeduplicateStamp::class)) {
            return;
        }
        $container->setDefinition('redislock.messenger.deduplicate_middleware', (new Definition(QueueDeduplicateMiddleware::class))
            ->setDecoratedService(self::MIDDLEWARE)
            ->setArguments([new Reference('redislock.messenger.deduplicate_middleware.inner'), new Reference('messenger.senders_locator')]));
    }
}
