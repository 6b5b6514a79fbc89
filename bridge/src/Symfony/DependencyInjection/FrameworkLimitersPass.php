<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

use RedisLock\Bridge\Symfony\RateLimiter\RedisRateLimiterFactory;
use Symfony\Component\DependencyInjection\ChildDefinition;
use Symfony\Component\DependencyInjection\Compiler\CompilerPassInterface;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Definition;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\RateLimiter\RateLimiterFactory;

/**
 * With `framework_limiters: true`: every limiter FrameworkBundle declares
 * (framework.rate_limiter.limiters.NAME, the service limiter.NAME, a child of
 * the abstract "limiter") becomes a RedisRateLimiterFactory of the same config,
 * so that login throttling, ThrottlingHttpClient and every argument typed on
 * RateLimiterFactoryInterface decide on the server. Only where symfony has that
 * interface (7.3 and later): before, those limiters are typed on the final
 * RateLimiterFactory, which nothing else can be; the bundle's build refuses the
 * option there rather than leave it without effect. A pass, so that it holds
 * whatever order the bundles are loaded in.
 */
final class FrameworkLimitersPass implements CompilerPassInterface
{
    private const OPTIONS = ['id', 'policy', 'limit', 'interval', 'rate'];

    public function process(ContainerBuilder $container): void
    {
        if (!$container->hasParameter('redislock.framework_limiters') || !$container->getParameter('redislock.framework_limiters')) {
            return;
        }
        if (!interface_exists(\Symfony\Component\RateLimiter\RateLimiterFactoryInterface::class)) {
            throw new \LogicException('redislock.framework_limiters needs symfony/rate-limiter 7.3 or later (RateLimiterFactoryInterface): before, FrameworkBundle\'s limiters are typed on the final RateLimiterFactory. Declare the limiters under redislock.rate_limiters instead.');
        }
        foreach ($container->getDefinitions() as $id => $definition) {
            if (!str_starts_with($id, 'limiter.') || !self::isFrameworkLimiter($definition)) {
                continue;
            }
            $arguments = $definition->getArguments();
            $config = $arguments['index_0'] ?? $arguments[0] ?? null;
            if (!is_array($config)) {
                continue;
            }
            $config = array_intersect_key($config, array_flip(self::OPTIONS));
            if (isset($config['rate']) && !isset($config['rate']['interval'])) {
                unset($config['rate']);
            }
            $container->setDefinition($id, (new Definition(RedisRateLimiterFactory::class))
                ->setArguments([$config, new Reference('redislock.rate_limiter')])
                ->setPublic($definition->isPublic()));
        }
    }

    private static function isFrameworkLimiter(Definition $definition): bool
    {
        if ($definition instanceof ChildDefinition) {
            return $definition->getParent() === 'limiter';
        }

        return $definition->getClass() === RateLimiterFactory::class;
    }
}
