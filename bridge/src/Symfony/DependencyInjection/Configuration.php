<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

use RedisLock\Bridge\Installed;
use Symfony\Component\Config\Definition\Builder\TreeBuilder;
use Symfony\Component\Config\Definition\ConfigurationInterface;

/**
 * The tree under "redislock". Unknown keys and values of the wrong type are refused
 * by symfony's Config component while the container is built; the connection
 * itself is then checked by RedisLockExtension.
 */
final class Configuration implements ConfigurationInterface
{
    public function getConfigTreeBuilder(): TreeBuilder
    {
        // The extension's bounds. A container may be compiled where the extension is
        // not loaded (a build stage's cache:warmup): the values are then checked when
        // the extension takes them, and wait_timeout's default is the lock store's.
        $minLease = Installed::bound('RedisLock::WATCHDOG_MIN_LEASE');
        $maxLease = Installed::bound('RedisLock::WATCHDOG_MAX_LEASE');
        $maxSeconds = Installed::bound('RedisLock::MAX_SECONDS');
        $tree = new TreeBuilder('redislock');
        $tree->getRootNode()
            ->children()
                ->variableNode('connection')
                    ->info('A DSN (redis://, rediss://, unix://, sentinel://, redis-cluster://) or \RedisLock\'s options as a map')
                    ->isRequired()
                    ->validate()
                        ->ifTrue(static fn ($v): bool => !is_string($v) && !is_array($v))
                        ->thenInvalid('Expected a DSN string or a map of \RedisLock options, got %s.')
                    ->end()
                ->end()
                ->scalarNode('lease')
                    ->info('Seconds a lock of the lock store lives after its process dies (renewed by the watchdog while it lives); false: off, the connection\'s own "watchdog" option then decides')
                    ->defaultValue(10)
                    ->validate()
                        ->ifTrue(static fn ($v): bool => $v !== false && (!is_int($v) && !is_float($v)
                            || $minLease !== null && ($v < $minLease || $v > $maxLease)))
                        ->thenInvalid($minLease === null
                            ? 'Expected a number of seconds, or false, got %s.'
                            : sprintf('Expected a number of seconds between %s and %s, or false, got %%s.', Installed::number($minLease), Installed::number($maxLease)))
                    ->end()
                ->end()
                ->booleanNode('lock_factory')
                    ->info('Make the service lock.factory (and its alias Symfony\Component\Lock\LockFactory) a LockFactory on the lock store')
                    ->defaultFalse()
                ->end()
                ->floatNode('initial_ttl')
                    ->info('Seconds a hold taken by the lock store lives until symfony\'s Lock gives it its own ttl')
                    ->defaultValue(300.0)
                    ->min(0.001)->max($maxSeconds ?? \PHP_FLOAT_MAX)
                ->end()
                ->arrayNode('rate_limiters')
                    ->info('Rate limiters decided by one \RedisRateLimiter, as framework.rate_limiter.limiters declares them: each is the service redislock.limiter.NAME, a RedisRateLimiterFactory')
                    ->useAttributeAsKey('name')
                    ->arrayPrototype()
                        ->children()
                            ->enumNode('policy')->values(['token_bucket', 'fixed_window', 'sliding_window', 'no_limit'])->isRequired()->end()
                            ->integerNode('limit')->min(1)->end()
                            ->scalarNode('interval')->end()
                            ->arrayNode('rate')
                                ->children()
                                    ->scalarNode('interval')->isRequired()->end()
                                    ->integerNode('amount')->defaultValue(1)->min(1)->end()
                                ->end()
                            ->end()
                        ->end()
                    ->end()
                ->end()
                ->booleanNode('framework_limiters')
                    ->info('Make every limiter of framework.rate_limiter (limiter.NAME, and what is typed on RateLimiterFactoryInterface) a RedisRateLimiterFactory: symfony 7.3 and later, whose limiters are typed on that interface')
                    ->defaultFalse()
                ->end()
                ->floatNode('wait_timeout')
                    ->info('Seconds acquire(true) waits on the server at most')
                    ->defaultValue($maxSeconds)
                    ->min(0.0)->max($maxSeconds ?? \PHP_FLOAT_MAX)
                ->end()
                ->arrayNode('dashboard')
                    ->info('The dashboard as a controller of the application (import @RedisLockBundle/Resources/config/routes/dashboard.php under a prefix): only users granted "role" get its pages')
                    ->canBeEnabled()
                    ->children()
                        ->scalarNode('role')
                            ->info('The role (or any attribute of the authorization checker) a user needs')
                            ->defaultValue('ROLE_ADMIN')
                            ->cannotBeEmpty()
                        ->end()
                        ->booleanNode('actions')
                            ->info('Retry and purge dead letters (each through a confirmation page)')
                            ->defaultFalse()
                        ->end()
                    ->end()
                ->end()
            ->end();

        return $tree;
    }
}
