<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

use Symfony\Component\DependencyInjection\Compiler\CompilerPassInterface;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\Lock\LockFactory;

/**
 * With `lock_factory: true`: lock.factory, which FrameworkBundle's own services take
 * (the RateLimiter, Messenger's deduplication, the Scheduler), and the autowiring
 * alias Symfony\Component\Lock\LockFactory point at redislock.lock_factory. A pass,
 * so that it holds whatever order the bundles are loaded in.
 */
final class LockFactoryPass implements CompilerPassInterface
{
    public function process(ContainerBuilder $container): void
    {
        if (!$container->hasDefinition('redislock.lock_factory')) {
            return;
        }
        $container->setAlias('lock.factory', 'redislock.lock_factory')->setPublic(true);
        $container->setAlias(LockFactory::class, 'lock.factory')->setPublic(true);
    }
}
