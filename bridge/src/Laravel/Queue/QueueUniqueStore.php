<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use Illuminate\Cache\ArrayStore;
use Illuminate\Cache\Repository;
use Illuminate\Contracts\Cache\Repository as CacheRepository;
use Illuminate\Contracts\Container\Container;
use Illuminate\Queue\Attributes\Connection as ConnectionAttribute;

/**
 * The cache store UniqueInQueue gives Laravel's UniqueLock (and DebounceInQueue
 * Laravel's DebounceLock) for a job on a redislock connection: its locks are
 * QueueUniqueLock, taken and released without a call, since the queue decides
 * the job's uniqueness (or debounce) when it queues it. A repository of it is
 * made for each call and keeps what is put in it for that call only: a
 * debounce owner read when the job runs is not there, which Laravel takes as
 * "not superseded".
 *
 * @internal
 */
final class QueueUniqueStore extends ArrayStore
{
    /**
     * The repository for $job's unique lock (or debounce owner): ours when the job's connection (as
     * the bus dispatcher picks it) is of the redislock driver, else the default
     * cache repository, which UniqueLock would use without uniqueVia() (Laravel
     * 8 and 10 take what uniqueVia() returns as it is, null included).
     *
     * @return \Illuminate\Contracts\Cache\Repository
     */
    public static function repositoryFor(object $job, Container $app)
    {
        $config = $app->bound('config') ? $app->make('config') : null;
        $connection = self::connectionOf($job, $app) ?? $config?->get('queue.default');
        if (is_string($connection) && $connection !== '' && $config->get("queue.connections.$connection.driver") === 'redislock') {
            return new Repository(new self());
        }

        return $app->make(CacheRepository::class);
    }

    /**
     * The connection Laravel's bus dispatcher sends $job to, as it picks it: the
     * job's connection, then (13) its #[Connection] attribute and the queue
     * routes; null for the default connection.
     */
    private static function connectionOf(object $job, Container $app): ?string
    {
        $named = static fn ($c): ?string => is_string($c) && $c !== '' ? $c
            : ($c instanceof \UnitEnum ? (string) ($c instanceof \BackedEnum ? $c->value : $c->name) : null);
        if (($c = $named($job->connection ?? null)) !== null) {
            return $c;
        }
        if (class_exists(ConnectionAttribute::class)) {
            for ($class = new \ReflectionClass($job); $class !== false; $class = $class->getParentClass()) {
                foreach ($class->getAttributes(ConnectionAttribute::class) as $attribute) {
                    return $named($attribute->newInstance()->connection);
                }
            }
        }
        if ($app->bound('queue.routes') && method_exists($routes = $app->make('queue.routes'), 'getConnection')) {
            return $named($routes->getConnection($job));
        }

        return null;
    }

    /** @return QueueUniqueLock */
    public function lock($name, $seconds = 0, $owner = null)
    {
        return new QueueUniqueLock((string) $name, (int) $seconds, $owner);
    }

    /** @return QueueUniqueLock */
    public function restoreLock($name, $owner)
    {
        return $this->lock($name, 0, $owner);
    }
}
