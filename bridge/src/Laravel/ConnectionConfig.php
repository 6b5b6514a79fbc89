<?php

namespace RedisLock\Bridge\Laravel;

use ArrayAccess;
use Illuminate\Support\ConfigurationUrlParser;
use InvalidArgumentException;

/**
 * Laravel's redis config read as \RedisLock / \RedisQueue options: the one place
 * the cache driver (RedisLockServiceProvider::makeStore()), the queue connector
 * (Queue\Connector) and the console command (Console\RedisLockCommand) translate
 * config/database.php's "redis" section, a store's lease and the watchdog option.
 *
 * A connection is read as Laravel reads a redis connection: its url (redis://,
 * rediss://, tcp://, tls://, unix://) with the separate keys (host, port,
 * username, password, database, scheme, timeout, read_timeout, persistent,
 * context) filling in what the url leaves out; a name that is no connection is
 * looked up among the clusters, as Laravel's RedisManager does.
 */
final class ConnectionConfig
{
    /** The seconds of a cache store's lease when its config does not say ("lease"): this adapter's choice. */
    public const DEFAULT_LEASE = 10.0;

    /**
     * Seconds the watchdog renews one hold (a queue job's reservation) at most,
     * unless the config says: a day. The extension's default (300 s) would let a
     * job of over 5 minutes be handed to a second worker.
     */
    public const MAX_HOLD = \RedisLock\Bridge\Jobs::MAX_HOLD;

    /**
     * config/database.php's "redis" section of $app (the application, or its
     * config), or $app itself when it is that section; none for null.
     *
     * @param  \ArrayAccess|array|null  $app
     */
    public static function redisSection(#[\SensitiveParameter] ArrayAccess|array|null $app): array
    {
        if (is_array($app)) {
            return $app;
        }
        if ($app !== null && isset($app['config'])) {
            return (array) ($app['config']['database.redis'] ?? []);
        }

        return [];
    }

    /** The redis connection name a redislock cache store's $config takes its locks on. */
    public static function lockConnection(array $config): string
    {
        return (string) ($config['lock_connection'] ?? $config['connection'] ?? 'default');
    }

    /**
     * The \RedisQueue options of a redislock queue connection's $config (its
     * "connection": a name read from $redis, a DSN, or options), with the watchdog
     * on, holding a reservation up to watchdog_max_hold (MAX_HOLD unless the config,
     * or the DSN, says), and the config's "prefix".
     *
     * @return array|string
     *
     * @throws \InvalidArgumentException  for a connection or watchdog_max_hold of a wrong kind
     */
    public static function queueOptions(#[\SensitiveParameter] array $config, #[\SensitiveParameter] array $redis)
    {
        $connection = $config['connection'] ?? 'default';
        if (is_string($connection) && str_contains($connection, '://')) {
            $options = $connection;
        } elseif (is_array($connection)) {
            $options = $connection;
        } elseif (is_string($connection) && $connection !== '') {
            $options = static::redisConnectionOptions($redis, $connection);
        } else {
            throw new InvalidArgumentException('The redislock queue\'s connection must be a redis connection name, a DSN or an array of options.');
        }
        $maxHold = (float) self::MAX_HOLD;
        if (isset($config['watchdog_max_hold'])) {
            if (!is_numeric($config['watchdog_max_hold'])) {
                throw new InvalidArgumentException('The redislock queue\'s watchdog_max_hold must be a number of seconds.');
            }
            $maxHold = (float) $config['watchdog_max_hold'];
        }
        // A DSN's own watchdog_max_hold stands unless the config gives one.
        $keepDsnMaxHold = is_string($options) && !isset($config['watchdog_max_hold']) && str_contains($options, 'watchdog_max_hold=');
        $options = static::withWatchdog($options, $keepDsnMaxHold ? [] : ['max_hold' => $maxHold]);
        if (isset($config['prefix']) && $config['prefix'] !== '') {
            $options = static::withOption($options, 'prefix', (string) $config['prefix']);
        }

        return $options;
    }

    /**
     * A store's "lease" setting: seconds, or null for none (false). Unset (or
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
     * $options (\RedisLock or \RedisQueue options, or a DSN) with the "watchdog"
     * option on and set to $watchdog (its 'lease' and 'max_hold', where given):
     * an options array's own watchdog is replaced; a DSN gets watchdog=1 and
     * watchdog_lease / watchdog_max_hold appended to its query.
     *
     * @param  array|string  $options
     * @return array|string
     */
    public static function withWatchdog(#[\SensitiveParameter] $options, array $watchdog)
    {
        if (is_array($options)) {
            return ['watchdog' => $watchdog] + $options;
        }
        $query = ['watchdog' => '1'];
        foreach (['lease' => 'watchdog_lease', 'max_hold' => 'watchdog_max_hold'] as $key => $name) {
            if (isset($watchdog[$key])) {
                $query[$name] = (string) $watchdog[$key];
            }
        }

        return static::withQuery($options, $query);
    }

    /**
     * $options with the option $name set to $value (in a DSN: appended to its query).
     *
     * @param  array|string  $options
     * @return array|string
     */
    private static function withOption(#[\SensitiveParameter] $options, string $name, string $value)
    {
        if (is_array($options)) {
            $options[$name] = $value;

            return $options;
        }

        return static::withQuery($options, [$name => $value]);
    }

    /** The DSN $dsn with the options of $query appended to its query string. */
    private static function withQuery(#[\SensitiveParameter] string $dsn, array $query): string
    {
        return $dsn . (str_contains($dsn, '?') ? '&' : '?') . http_build_query($query, '', '&', PHP_QUERY_RFC3986);
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
    public static function parseConnection(#[\SensitiveParameter] $c): array
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
    public static function endpoint(#[\SensitiveParameter] array $c): array
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
    public static function tlsOptions(#[\SensitiveParameter] $context)
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
    public static function credentials(#[\SensitiveParameter] array $c): array
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
