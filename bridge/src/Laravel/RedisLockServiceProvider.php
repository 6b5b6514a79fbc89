<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Cache\CacheManager;
use Illuminate\Cache\NullStore;
use Illuminate\Support\ConfigurationUrlParser;
use Illuminate\Support\ServiceProvider;
use InvalidArgumentException;

/**
 * Registers the cache driver "redislock" and the queue driver "redislock"
 * (RedisLock\Bridge\Laravel\Queue\Connector, configured in config/queue.php).
 * In config/cache.php:
 *
 *   'locks' => [
 *       'driver' => 'redislock',
 *       'data_store' => 'redis',          // the cache store for everything but locks (omit: lock-only)
 *       'connection' => 'cache',          // config/database.php's redis connection
 *       'lock_connection' => 'default',   // the one for locks (default: connection)
 *       'lease' => 10,                    // seconds of a watchdog lease (false: none)
 *       // 'redislock' => [...],           // \RedisLock options, replacing the ones derived
 *   ],
 *
 * The locks are made with a \RedisLock built from database.redis.<lock_connection>
 * (or database.redis.clusters.<lock_connection>), read as Laravel reads a redis
 * connection: its url (redis://, rediss://, tcp://, tls://, unix://) with the
 * separate keys (host, port, username, password, database, scheme, timeout,
 * read_timeout, persistent, context) filling in what the url leaves out. Lock
 * names are prefixed by the store's prefix (or cache.prefix).
 *
 * The data store: "data_store", or "store" when it names a cache store of another
 * driver (Laravel 11 and later fill "store" in with the store's own name, which is
 * therefore never taken for the data store). Without either, the data side is a
 * NullStore: a lock-only store.
 *
 * Leases: a lock that the process taking it releases itself (see Leases) is held
 * under a watchdog lease of "lease" seconds (DEFAULT_LEASE; false turns leases
 * off; a redlock connection has none). The provider binds the scheduler's
 * EventMutex contract to Scheduling\EventMutex (unless the application bound
 * one), which decides that per event.
 *
 * Cache::funnel() (Laravel 12 and later): the store's repository is Repository,
 * whose funnel is one RedisSemaphore on the lock connection. Cache::flushLocks()
 * and cache:clear --locks (Laravel 13): see LockStore::flushLocks().
 */
class RedisLockServiceProvider extends ServiceProvider
{
    /** The seconds of a lease when the store's config does not say ("lease"). */
    public const DEFAULT_LEASE = 10.0;

    public function register()
    {
        $this->app->booting(function () {
            static::extendCache($this->app['cache']);
        });
        // The operator's command, where Laravel's console is installed.
        if (class_exists(\Illuminate\Console\Command::class)) {
            $this->commands([Console\RedisLockCommand::class]);
        }
        // The scheduler's overlap mutex, where Laravel's scheduler is installed.
        if (interface_exists(\Illuminate\Console\Scheduling\EventMutex::class)) {
            $this->app->bindIf(\Illuminate\Console\Scheduling\EventMutex::class, Scheduling\EventMutex::class);
        }
        // The queue driver "redislock", whenever the queue manager is made.
        $this->app->afterResolving('queue', function ($manager) {
            static::extendQueue($manager, $this->app);
        });
        if ($this->app->resolved('queue')) {
            static::extendQueue($this->app['queue'], $this->app);
        }
    }

    /**
     * Teach $queue (Laravel's QueueManager) the queue driver "redislock"; $app
     * gives the config (database.redis) its connections are read from.
     *
     * @param  \Illuminate\Queue\QueueManager  $queue
     * @param  \ArrayAccess|array|null  $app
     */
    public static function extendQueue($queue, #[\SensitiveParameter] $app = null): void
    {
        $queue->addConnector('redislock', static function () use ($app) {
            return new Queue\Connector($app);
        });
    }

    /** Teach $cache the driver "redislock". */
    public static function extendCache(CacheManager $cache): void
    {
        $cache->extend('redislock', function (#[\SensitiveParameter] $app, #[\SensitiveParameter] array $config) {
            $store = RedisLockServiceProvider::makeStore($app, $config);

            // Laravel 11 and later name the repository after the store ($config['store']).
            $repository = $app['cache']->repository($store, $config);

            // Laravel 12 and later: Cache::funnel() on one RedisSemaphore.
            return Repository::supportsFunnel() ? Repository::of($repository) : $repository;
        });
    }

    /** The LockStore for a cache store's $config. */
    public static function makeStore(#[\SensitiveParameter] $app, #[\SensitiveParameter] array $config): LockStore
    {
        $connection = $config['connection'] ?? 'default';
        $lockConnection = $config['lock_connection'] ?? $connection;
        $options = $config['redislock']
            ?? static::redisConnectionOptions($app['config']['database.redis'] ?? [], (string) $lockConnection);
        $prefix = $config['prefix'] ?? $app['config']['cache.prefix'] ?? '';
        $lease = static::leaseSeconds($config['lease'] ?? null);
        $leases = $lease === null || (is_array($options) && isset($options['redlock']))
            ? null
            : new Leases($lease, static function (array $watchdog) use ($options): \RedisLock {
                return new \RedisLock(RedisLockServiceProvider::withWatchdog($options, $watchdog));
            });
        // Cache::funnel()'s semaphore. None on redlock (a semaphore counts in one place) nor
        // with min_replicas (which a semaphore does not take): the funnel is then Laravel's.
        $semaphore = is_array($options) && (isset($options['redlock']) || !empty($options['min_replicas']))
            ? null
            : static function () use ($options): \RedisSemaphore {
                return new \RedisSemaphore($options);
            };
        $locks = new LockProvider(new \RedisLock($options), (string) $prefix, (string) $lockConnection,
            (float) ($config['forever_seconds'] ?? LockProvider::FOREVER_SECONDS), $leases, $semaphore);
        $data = static::dataStoreName($app, $config);

        return new LockStore($data === null ? new NullStore : $app['cache']->store($data)->getStore(), $locks);
    }

    /**
     * The store's "lease" setting: seconds, or null for none (false). Unset (or
     * null, as env() gives for an unset variable): DEFAULT_LEASE.
     *
     * @throws \InvalidArgumentException  for anything but false, null or a number of seconds in bounds
     */
    public static function leaseSeconds($lease): ?float
    {
        if ($lease === false) {
            return null;
        }
        if ($lease === null) {
            return static::DEFAULT_LEASE;
        }
        if ((is_int($lease) || is_float($lease) || (is_string($lease) && is_numeric($lease)))
            && (float) $lease >= Leases::MIN_LEASE && (float) $lease <= Leases::MAX_LEASE) {
            return (float) $lease;
        }

        throw new InvalidArgumentException(sprintf('The redislock cache store\'s lease must be false or a number of seconds between %s and %s.',
            Leases::MIN_LEASE, Leases::MAX_LEASE));
    }

    /**
     * $options (\RedisLock options or a DSN) with the "watchdog" option set to
     * $watchdog (['lease' => ...], and 'max_hold' if given).
     *
     * @param  array|string  $options
     * @return array|string
     */
    public static function withWatchdog(#[\SensitiveParameter] $options, array $watchdog)
    {
        if (is_array($options)) {
            return ['watchdog' => $watchdog] + $options;
        }
        $query = http_build_query(['watchdog' => 1, 'watchdog_lease' => $watchdog['lease']]
            + (isset($watchdog['max_hold']) ? ['watchdog_max_hold' => $watchdog['max_hold']] : []));

        return $options . (str_contains($options, '?') ? '&' : '?') . $query;
    }

    /**
     * The name of the cache store that keeps the data of a redislock store, or
     * null for a lock-only store.
     */
    public static function dataStoreName(#[\SensitiveParameter] $app, #[\SensitiveParameter] array $config): ?string
    {
        $stores = $app['config']['cache.stores'] ?? [];
        if (isset($config['data_store'])) {
            $name = (string) $config['data_store'];
            if (($stores[$name]['driver'] ?? null) === 'redislock') {
                throw new InvalidArgumentException("Cache store [$name] is a redislock store; data_store must name a store that keeps data.");
            }

            return $name;
        }
        // "store": the data store of this adapter's first configuration form, but
        // also what Laravel 11 and later set to the store's own name (and
        // Cache::build() to "ondemand"); only a defined store of another driver
        // is a data store.
        $name = $config['store'] ?? null;
        if (is_string($name) && isset($stores[$name]['driver']) && $stores[$name]['driver'] !== 'redislock') {
            return $name;
        }

        return null;
    }

    /**
     * \RedisLock options for the connection $name of config/database.php's
     * "redis" section: a connection of that name, else a cluster of that name
     * under "clusters", as Laravel's RedisManager looks them up.
     *
     * @return array
     */
    public static function redisConnectionOptions(#[\SensitiveParameter] array $redis, string $name): array
    {
        if ($name !== 'clusters' && $name !== 'options' && isset($redis[$name]) && is_array($redis[$name])) {
            return static::connectionOptions($redis[$name]);
        }
        if (isset($redis['clusters'][$name]) && is_array($redis['clusters'][$name])) {
            return static::clusterOptions($redis['clusters'][$name], $redis['clusters']['options'] ?? []);
        }

        throw new InvalidArgumentException("Redis connection [$name] not configured.");
    }

    /**
     * \RedisLock connection options from a Laravel redis connection config
     * (config/database.php, redis.<name>), or a url alone.
     *
     * @param  array|string  $c
     * @return array
     */
    public static function connectionOptions(#[\SensitiveParameter] $c): array
    {
        $c = static::parseConnection($c);
        $options = static::endpoint($c);
        $options += static::credentials($c);
        if (isset($c['database']) && $c['database'] !== '' && !isset($options['cluster'])) {
            $options['database'] = static::integer($c['database'], 'database');
        }
        if (isset($c['timeout']) && is_numeric($c['timeout']) && $c['timeout'] > 0) {
            $options['connect_timeout'] = (float) $c['timeout'];
        }
        if (isset($c['read_timeout']) && is_numeric($c['read_timeout']) && $c['read_timeout'] > 0) {
            $options['read_timeout'] = (float) $c['read_timeout'];
        }
        if (!empty($c['persistent'])) {
            $options['persistent'] = true;
            if (isset($c['persistent_id']) && $c['persistent_id'] !== '') {
                $options['persistent_id'] = (string) $c['persistent_id'];
            }
        }

        return $options;
    }

    /**
     * \RedisLock options for a Laravel redis cluster (redis.clusters.<name>: a list
     * of node configs; $clusterOptions: redis.clusters.options). The nodes are the
     * seeds of the slot map; the credentials, TLS and timeouts are the first
     * node's, or the cluster options'.
     *
     * @return array
     */
    public static function clusterOptions(#[\SensitiveParameter] array $nodes, #[\SensitiveParameter] array $clusterOptions = []): array
    {
        $seeds = [];
        $first = null;
        foreach ($nodes as $node) {
            $node = static::parseConnection($node);
            $endpoint = static::endpoint($node);
            if (isset($endpoint['socket'])) {
                throw new InvalidArgumentException('A Redis cluster node needs a host and port, not a unix socket.');
            }
            $host = $endpoint['host'];
            $seeds[] = (str_contains($host, ':') ? "[$host]" : $host) . ':' . ($endpoint['port'] ?? 6379);
            $first ??= $node + $endpoint;
        }
        if ($first === null) {
            throw new InvalidArgumentException('A Redis cluster needs at least one node.');
        }
        $options = ['cluster' => $seeds];
        if (isset($first['tls'])) {
            $options['tls'] = $first['tls'];
        }
        $options += static::credentials($first) + static::credentials($clusterOptions);
        foreach (['timeout' => 'connect_timeout', 'read_timeout' => 'read_timeout'] as $from => $to) {
            $value = $first[$from] ?? $clusterOptions[$from] ?? null;
            if (is_numeric($value) && $value > 0) {
                $options[$to] = (float) $value;
            }
        }

        return $options;
    }

    /**
     * A connection config with its url read into it, as Laravel reads it: the
     * url's parts (scheme, host, port, user, password, database from the path,
     * query options) override the separate keys, which fill in the rest; a
     * tcp://, tls://, redis:// or rediss:// url sets "scheme" (tcp or tls). A
     * unix:// url (which Laravel's parser does not read) gives "socket" and its
     * query options.
     *
     * @param  array|string  $c
     */
    protected static function parseConnection(#[\SensitiveParameter] $c): array
    {
        if (is_string($c)) {
            $c = ['url' => $c];
        }
        $url = $c['url'] ?? null;
        unset($c['url']);
        if ($url === null || $url === '') {
            return $c;
        }
        if (!is_string($url)) {
            throw new InvalidArgumentException('The Redis connection url must be a string.');
        }
        if (preg_match('#^unix:(?://)?(/[^?]*)(?:\?(.*))?$#Di', $url, $m)) {
            parse_str($m[2] ?? '', $query);
            // Query values typed as Laravel's parser types them (JSON where they parse).
            array_walk_recursive($query, static function (&$v) {
                $decoded = json_decode($v, true);
                if (json_last_error() === JSON_ERROR_NONE) {
                    $v = $decoded;
                }
            });

            return array_merge($c, ['scheme' => 'unix', 'socket' => rawurldecode($m[1])], $query);
        }
        try {
            $parsed = (new ConfigurationUrlParser)->parseConfiguration(['url' => $url] + $c);
        } catch (\InvalidArgumentException $e) {
            // Thrown again from here, without it: the parser's frames hold the url as an argument.
            throw new InvalidArgumentException('The Redis connection url is malformed (a character of the user or password, such as \'/\', \'@\' or \':\', must be percent-encoded).');
        }
        $driver = strtolower((string) ($parsed['driver'] ?? ''));
        unset($parsed['driver']);
        if ($driver === 'tcp' || $driver === 'tls') {
            $parsed['scheme'] = $driver;
        } elseif ($driver !== '') {
            throw new InvalidArgumentException("The Redis connection url has the scheme [$driver]; expected redis, rediss, tcp, tls or unix.");
        }
        // Laravel's parser reads the user and password as JSON too, which turns a
        // password "true" or "123" into a bool or an int: they are strings here.
        $raw = parse_url($url);
        foreach (['user' => 'username', 'pass' => 'password'] as $part => $key) {
            if (isset($raw[$part])) {
                $parsed[$key] = rawurldecode($raw[$part]);
            }
        }

        return $parsed;
    }

    /**
     * host/port, or socket; and tls: from host (which may carry a scheme, as
     * "tls://redis.internal"), port, scheme and context.
     */
    protected static function endpoint(#[\SensitiveParameter] array $c): array
    {
        $scheme = isset($c['scheme']) && $c['scheme'] !== '' ? strtolower((string) $c['scheme']) : null;
        $host = isset($c['host']) && $c['host'] !== '' ? (string) $c['host'] : null;
        if ($host !== null && preg_match('#^([a-z][a-z0-9+.-]*)://(.*)$#Di', $host, $m)) {
            $hostScheme = strtolower($m[1]);
            if ($scheme !== null && $scheme !== $hostScheme) {
                throw new InvalidArgumentException("The Redis host's scheme [$hostScheme] does not match the scheme option [$scheme].");
            }
            $scheme = $hostScheme;
            $host = $m[2];
        }
        $socket = $c['socket'] ?? $c['path'] ?? null;
        if ($scheme === 'unix' || ($scheme === null && $host !== null && $host[0] === '/')) {
            $socket ??= $host;
            if (!is_string($socket) || $socket === '') {
                throw new InvalidArgumentException('A unix socket connection needs the socket path (host or path).');
            }

            return ['socket' => $socket];
        }
        if ($host !== null && preg_match('/^\[(.*)\]$/D', $host, $m)) {
            $host = $m[1];   // an IPv6 address as a url writes it
        }
        $options = ['host' => $host ?? '127.0.0.1'];
        if (isset($c['port']) && $c['port'] !== '' && (int) $c['port'] !== 0) {
            $options['port'] = static::integer($c['port'], 'port');
        }
        switch ($scheme) {
            case null:
            case 'tcp':
            case 'redis':
                break;
            case 'tls':
            case 'ssl':
            case 'rediss':
                $options['tls'] = static::tlsOptions($c['context'] ?? null);
                break;
            default:
                throw new InvalidArgumentException("Unsupported Redis scheme [$scheme]; expected tcp, tls or unix.");
        }

        return $options;
    }

    /**
     * The extension's tls option from a Laravel "context" (the ssl stream context
     * options, flat or under "stream" or "ssl"): true without one. Only the
     * options the extension knows are taken; others (ciphers, SNI_enabled...) are
     * left out, which can only keep verification on.
     *
     * @return array|true
     */
    protected static function tlsOptions(#[\SensitiveParameter] $context)
    {
        if (!is_array($context) || $context === []) {
            return true;
        }
        if (isset($context['stream']) && is_array($context['stream'])) {
            $context = $context['stream'];
        } elseif (isset($context['ssl']) && is_array($context['ssl'])) {
            $context = $context['ssl'];
        }
        $tls = [];
        foreach (['cafile', 'capath', 'local_cert', 'local_pk', 'peer_name'] as $key) {
            if (isset($context[$key]) && $context[$key] !== '') {
                $tls[$key] = (string) $context[$key];
            }
        }
        foreach (['verify_peer', 'verify_peer_name'] as $key) {
            if (isset($context[$key])) {
                $tls[$key] = (bool) $context[$key];
            }
        }

        return $tls === [] ? true : $tls;
    }

    /** password, and user with it (a user without a password is not sent, as Laravel does). */
    protected static function credentials(#[\SensitiveParameter] array $c): array
    {
        $options = [];
        if (isset($c['password']) && $c['password'] !== '' && $c['password'] !== false) {
            $options['password'] = (string) $c['password'];
            if (isset($c['username']) && $c['username'] !== '') {
                $options['user'] = (string) $c['username'];
            }
        }

        return $options;
    }

    private static function integer($value, string $what): int
    {
        if (is_int($value) || (is_string($value) && preg_match('/^\d+$/D', $value))) {
            return (int) $value;
        }
        if (is_float($value) && floor($value) === $value) {
            return (int) $value;
        }

        throw new InvalidArgumentException("The Redis connection's $what must be an integer.");
    }
}
