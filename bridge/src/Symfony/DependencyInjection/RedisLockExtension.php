<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

use RedisLock\Bridge\Installed;
use RedisLock\Bridge\Symfony\Console\RedisLockCommand;
use RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory;
use RedisLock\Bridge\Symfony\DashboardController;
use RedisLock\Bridge\Symfony\RedisLockStore;
use RedisLock\Bridge\Symfony\RateLimiter\RedisRateLimiterFactory;
use RedisLock\Bridge\Symfony\RedisSemaphoreStore;
use Symfony\Component\Config\Definition\ConfigurationInterface;
use Symfony\Component\Config\Definition\Exception\InvalidConfigurationException;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Definition;
use Symfony\Component\DependencyInjection\Extension\Extension;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\Lock\LockFactory;
use Symfony\Component\RateLimiter\LimiterInterface;

/**
 * Registers, from the "redislock" configuration:
 * - redislock.lock (\RedisLock on the connection, with the watchdog when `lease` is on)
 *   and the lock store RedisLockStore on it (id: its class, alias redislock.lock_store);
 * - with `lock_factory: true`, redislock.lock_factory, a LockFactory on that store,
 *   which LockFactoryPass makes lock.factory and Symfony\Component\Lock\LockFactory;
 * - redislock.semaphore (\RedisSemaphore) and RedisSemaphoreStore, when symfony/semaphore is there;
 * - redislock.rate_limiter (\RedisRateLimiter) and, for each of `rate_limiters`, the
 *   service redislock.limiter.NAME (a RedisRateLimiterFactory), when symfony/rate-limiter
 *   is there; with `framework_limiters: true` (symfony 7.3 and later), FrameworkLimitersPass
 *   makes FrameworkBundle's limiter.NAME services RedisRateLimiterFactory too;
 * - RedisLockTransportFactory (tag messenger.transport_factory), when symfony/messenger is there
 *   (and TraceContextPass puts TraceContextMiddleware first on every bus);
 * - RedisLockCommand (tag console.command, on the same connection), when symfony/console is there.
 * Every service is autoconfigured. The connection is checked here, while the container
 * is built, as the extension would read it; one that comes from an environment
 * variable is checked when the store is first created.
 */
final class RedisLockExtension extends Extension
{
    public function getAlias(): string
    {
        return 'redislock';
    }

    public function getConfiguration(array $config, ContainerBuilder $container): ?ConfigurationInterface
    {
        return new Configuration();
    }

    public function load(array $configs, ContainerBuilder $container): void
    {
        // An extension older than the bridge lacks what the services read: say so
        // while the container is built rather than at the first lock. (Without the
        // extension, as in a build stage, the container still compiles.)
        if (\extension_loaded('redislock') && ($why = Installed::unusable()) !== '') {
            throw new \LogicException($why);
        }
        $config = $this->processConfiguration(new Configuration(), $configs);
        $connection = $config['connection'];
        $lease = $config['lease'] === false ? null : (float) $config['lease'];
        $this->checkConnection($container, $connection, $lease);

        $container->setDefinition('redislock.lock', (new Definition(\RedisLock::class))
            ->setFactory([Connections::class, 'lock'])
            ->setArguments([$connection, $lease]));
        $container->setDefinition(RedisLockStore::class, (new Definition(RedisLockStore::class))
            ->setArguments(array_merge([new Reference('redislock.lock'), $config['initial_ttl']], $config['wait_timeout'] === null ? [] : [$config['wait_timeout']]))
            ->setAutoconfigured(true));
        $container->setAlias('redislock.lock_store', RedisLockStore::class)->setPublic(true);

        if ($config['lock_factory']) {
            $container->setDefinition('redislock.lock_factory', (new Definition(LockFactory::class))
                ->setArguments([new Reference(RedisLockStore::class)])
                ->addMethodCall('setLogger', [new Reference('logger', ContainerInterface::IGNORE_ON_INVALID_REFERENCE)])
                ->addTag('monolog.logger', ['channel' => 'lock'])
                ->setAutoconfigured(true));
        }

        if (interface_exists(\Symfony\Component\Semaphore\PersistingStoreInterface::class)) {
            $container->setDefinition('redislock.semaphore', (new Definition(\RedisSemaphore::class))
                ->setFactory([Connections::class, 'semaphore'])
                ->setArguments([$connection]));
            $container->setDefinition(RedisSemaphoreStore::class, (new Definition(RedisSemaphoreStore::class))
                ->setArguments([new Reference('redislock.semaphore')])
                ->setAutoconfigured(true));
            $container->setAlias('redislock.semaphore_store', RedisSemaphoreStore::class)->setPublic(true);
        }

        if (interface_exists(LimiterInterface::class) && class_exists(\RedisRateLimiter::class)) {
            $container->setDefinition('redislock.rate_limiter', (new Definition(\RedisRateLimiter::class))
                ->setFactory([Connections::class, 'rateLimiter'])
                ->setArguments([$connection]));
            foreach ($config['rate_limiters'] as $name => $limiter) {
                try {
                    RedisRateLimiterFactory::validate(['id' => (string) $name] + $limiter);
                } catch (\InvalidArgumentException $e) {
                    throw new InvalidConfigurationException(sprintf('Invalid configuration for path "redislock.rate_limiters.%s": %s', $name, $e->getMessage()), 0, $e);
                }
                $container->setDefinition("redislock.limiter.$name", (new Definition(RedisRateLimiterFactory::class))
                    ->setArguments([['id' => (string) $name] + $limiter, new Reference('redislock.rate_limiter')])
                    ->setPublic(true));
                $container->registerAliasForArgument("redislock.limiter.$name", RedisRateLimiterFactory::class, $name . '.limiter');
            }
            $container->setParameter('redislock.framework_limiters', $config['framework_limiters']);
        } elseif ($config['rate_limiters'] || $config['framework_limiters']) {
            throw new InvalidConfigurationException('Invalid configuration for path "redislock.rate_limiters": rate limiters need symfony/rate-limiter and an extension with the class RedisRateLimiter.');
        }

        if (interface_exists(\Symfony\Component\Messenger\Transport\TransportFactoryInterface::class)) {
            $container->setDefinition(RedisLockTransportFactory::class, (new Definition(RedisLockTransportFactory::class))
                ->addTag('messenger.transport_factory')
                ->setAutoconfigured(true));
        }

        if ($config['dashboard']['enabled']) {
            $container->setDefinition('redislock.dashboard.controller', (new Definition(DashboardController::class))
                ->setArguments([$connection, (string) $config['dashboard']['role'], $config['dashboard']['actions'], '%kernel.secret%',
                    new Reference('security.authorization_checker', ContainerInterface::NULL_ON_INVALID_REFERENCE)])
                ->addTag('controller.service_arguments')
                ->setPublic(true));
        }

        if (class_exists(\Symfony\Component\Console\Command\Command::class)) {
            $container->setDefinition(RedisLockCommand::class, (new Definition(RedisLockCommand::class))
                ->setArguments([$connection])
                ->addTag('console.command', ['command' => 'redislock'])
                ->setAutoconfigured(true));
        }
    }

    /**
     * The connection as the extension reads it, and with the lease the lock store
     * gets: a mistake fails the build of the container, naming the key, with any
     * password masked. A value from the environment (%env()%) is known only at run
     * time, and checked then.
     */
    private function checkConnection(ContainerBuilder $container, #[\SensitiveParameter] string|array $connection, ?float $lease): void
    {
        $resolved = $container->resolveEnvPlaceholders($connection, null, $usedEnvs);
        if ($usedEnvs) {
            return;
        }
        try {
            Connections::lock($resolved, $lease);
            Connections::semaphore($resolved);
        } catch (\ValueError | \TypeError $e) {
            throw new InvalidConfigurationException(sprintf(
                'Invalid configuration for path "redislock.connection": %s %s',
                is_string($resolved) ? sprintf('"%s"', Connections::redact($resolved)) : 'the options',
                Connections::mask($resolved, Connections::reason($e)),
            ));
        }
    }
}
