<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use RedisLock\Bridge\Symfony\DependencyInjection\Connections;
use Symfony\Component\Messenger\Exception\InvalidArgumentException;
use Symfony\Component\Messenger\Transport\Serialization\SerializerInterface;
use Symfony\Component\Messenger\Transport\TransportFactoryInterface;
use Symfony\Component\Messenger\Transport\TransportInterface;

/**
 * Creates a RedisLockTransport from a DSN:
 *
 *     redislock://[user:password@]host[:port]/queue[?option=value&...]
 *     redislock+tls://[user:password@]host[:port]/queue[?cafile=...&...]     (TLS: rediss://)
 *     redislock+unix:///path/to/redis.sock?queue=name[&...]
 *     redislock+sentinel://h1:26379,h2:26379/service?queue=name[&...]
 *     redislock+cluster://h1:7000,h2:7001/queue[?...]                         (use a hash tag: {jobs}mail)
 *
 * The transport's own options, in the query or in the transport's `options`:
 * `queue` (the queue's name, instead of the path), `visibility` (seconds a
 * reservation lasts, renewed while the handler runs; default 30), `wait` (seconds
 * get() waits on the server for a message; default 1), `dead` (1: the queue's dead
 * letters, for the failure transport) and `list_limit` (dead letters find() looks
 * through; default 1000). Every other option goes to the extension's connection,
 * with the names and bounds of its DSN (db, password, prefix, read_timeout,
 * max_attempts, retry_backoff, persistent, cafile...), and `watchdog=1` unless the
 * DSN says otherwise. An unknown option or a malformed DSN is an
 * InvalidArgumentException that names it; nothing connects until the first message.
 */
final class RedisLockTransportFactory implements TransportFactoryInterface
{
    private const SCHEMES = [
        'redislock' => 'redis',
        'redislock+tls' => 'rediss',
        'redislock+unix' => 'unix',
        'redislock+sentinel' => 'sentinel',
        'redislock+cluster' => 'redis-cluster',
    ];

    private const OWN_OPTIONS = ['queue', 'visibility', 'wait', 'dead', 'list_limit'];
    /** Seconds one reservation is renewed at most, unless the DSN says: a day. */
    public const MAX_HOLD = \RedisLock\Bridge\Jobs::MAX_HOLD;

    public function createTransport(#[\SensitiveParameter] string $dsn, #[\SensitiveParameter] array $options, SerializerInterface $serializer): TransportInterface
    {
        [$target, $authority, $params, $own] = self::parse($dsn, $options);
        try {
            $visibility = self::seconds($own, 'visibility', 30.0, $dsn);
            $dead = self::flag($own, 'dead', $dsn);
            $queue = new \RedisQueue(self::connection($target, $authority, $params));
            $claims = $dead ? new \RedisLock(self::connection($target, $authority, self::claimParams($params, $visibility))) : null;

            return new RedisLockTransport(
                $queue,
                $own['queue'],
                $serializer,
                $visibility,
                self::seconds($own, 'wait', 1.0, $dsn),
                $dead,
                self::integer($own, 'list_limit', 1000, $dsn),
                $claims,
            );
        } catch (\ValueError | \TypeError | \InvalidArgumentException $e) {
            if ($e instanceof InvalidArgumentException) {
                throw $e;
            }
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": %s', self::redact($dsn), $e->getMessage()), 0, $e);
        }
    }

    public function supports(#[\SensitiveParameter] string $dsn, #[\SensitiveParameter] array $options): bool
    {
        $scheme = strtolower((string) strstr($dsn, '://', true));

        return isset(self::SCHEMES[$scheme]);
    }

    /**
     * The parts of a DSN: the extension's scheme, the authority it gets (with the
     * user and password), the connection's options, and the transport's own.
     *
     * @return array{0: string, 1: string, 2: array<string, string>, 3: array<string, string>}
     */
    private static function parse(#[\SensitiveParameter] string $dsn, #[\SensitiveParameter] array $options): array
    {
        $scheme = strtolower((string) strstr($dsn, '://', true));
        if (!isset(self::SCHEMES[$scheme])) {
            throw new InvalidArgumentException(sprintf('The DSN "%s" is not a redislock DSN: it must start with one of %s.', self::redact($dsn), implode(', ', array_map(fn ($s) => $s . '://', array_keys(self::SCHEMES)))));
        }
        $rest = substr($dsn, strlen($scheme) + 3);
        $query = '';
        if (($q = strpos($rest, '?')) !== false) {
            $query = substr($rest, $q + 1);
            $rest = substr($rest, 0, $q);
        }
        if (str_contains($rest, '#')) {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": a fragment (#) is not allowed.', self::redact($dsn)));
        }
        $queueName = null;
        $target = self::SCHEMES[$scheme];
        if ($target === 'redis' || $target === 'rediss' || $target === 'redis-cluster') {
            // The path names the queue; the extension gets the authority alone.
            if (($slash = strpos($rest, '/')) !== false) {
                if (str_contains(substr($rest, $slash), '@')) {
                    // Either a password with an unencoded '/' (whose tail would become the
                    // queue's name), or a queue name with an unencoded '@': nothing is quoted.
                    throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": an \'@\' follows the host part, so the user or password holds an unencoded \'/\' or the queue name an unencoded \'@\'; percent-encode them (%%2F, %%40).', self::redact($dsn)));
                }
                $path = substr($rest, $slash + 1);
                $rest = substr($rest, 0, $slash);
                if ($path !== '') {
                    $queueName = rawurldecode($path);
                }
            }
            if ($rest === '') {
                throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": it names no host.', self::redact($dsn)));
            }
        }

        $params = [];
        if ($query !== '') {
            foreach (explode('&', $query) as $pair) {
                if ($pair === '') {
                    continue;
                }
                [$key, $value] = array_pad(explode('=', $pair, 2), 2, '');
                $params[rawurldecode($key)] = rawurldecode(str_replace('+', '%20', $value));
            }
        }
        unset($options['transport_name']);
        foreach ($options as $key => $value) {
            if (is_bool($value)) {
                $value = $value ? '1' : '0';
            } elseif (is_int($value) || is_float($value) || is_string($value)) {
                $value = (string) $value;
            } else {
                throw new InvalidArgumentException(sprintf('Invalid redislock transport option "%s": expected a string, a number or a boolean, %s given.', $key, get_debug_type($value)));
            }
            $params[(string) $key] = $value;
        }

        $own = [];
        foreach (self::OWN_OPTIONS as $key) {
            if (array_key_exists($key, $params)) {
                $own[$key] = $params[$key];
                unset($params[$key]);
            }
        }
        if (isset($own['queue'])) {
            $queueName = $own['queue'];
        }
        if ($queueName === null || $queueName === '') {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": it names no queue (put it in the path, or in the "queue" option).', self::redact($dsn)));
        }
        $own['queue'] = $queueName;
        // The heartbeat, renewing a reservation for as long as its handler runs: up to
        // a day unless the DSN bounds it (the extension's default, 300 s, would let a
        // handler of over 5 minutes be handed to a second worker).
        $params += ['watchdog' => '1'];
        if (self::watchdogOn($params)) {
            $params += ['watchdog_max_hold' => (string) self::MAX_HOLD];
        }

        return [$target, $rest, $params, $own];
    }

    /** The extension's DSN. */
    private static function connection(string $target, #[\SensitiveParameter] string $authority, #[\SensitiveParameter] array $params): string
    {
        $connection = $target . '://' . $authority;
        if ($params) {
            $connection .= '?' . http_build_query($params, '', '&', \PHP_QUERY_RFC3986);
        }

        return $connection;
    }

    /**
     * The options of the \RedisLock that claims dead letters: the connection's, less
     * the queue's own; its prefix is the queue's followed by "Lock:" (or RedisLock's
     * default), and its watchdog renews a claim every visibility / 3 unless the DSN
     * gives a lease.
     */
    private static function claimParams(#[\SensitiveParameter] array $params, float $visibility): array
    {
        unset($params['max_attempts'], $params['retry_backoff']);
        if (isset($params['prefix']) && $params['prefix'] !== '') {
            $params['prefix'] .= 'Lock:';
        } else {
            unset($params['prefix']);
        }
        if (self::watchdogOn($params)) {
            $params += ['watchdog_lease' => (string) min(max($visibility, \RedisLock::WATCHDOG_MIN_LEASE), \RedisLock::WATCHDOG_MAX_LEASE)];
        }

        return $params;
    }

    private static function watchdogOn(array $params): bool
    {
        return !in_array(strtolower($params['watchdog']), ['0', 'false', 'off', 'no'], true);
    }

    private static function seconds(array $own, string $key, float $default, #[\SensitiveParameter] string $dsn): float
    {
        if (!isset($own[$key])) {
            return $default;
        }
        if (!is_numeric($own[$key])) {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": "%s" must be a number of seconds, "%s" given.', self::redact($dsn), $key, $own[$key]));
        }

        return (float) $own[$key];
    }

    private static function integer(array $own, string $key, int $default, #[\SensitiveParameter] string $dsn): int
    {
        if (!isset($own[$key])) {
            return $default;
        }
        if (!preg_match('/^\d+$/', $own[$key])) {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": "%s" must be a positive integer, "%s" given.', self::redact($dsn), $key, $own[$key]));
        }

        return (int) $own[$key];
    }

    private static function flag(array $own, string $key, #[\SensitiveParameter] string $dsn): bool
    {
        $value = strtolower($own[$key] ?? '0');
        if (in_array($value, ['1', 'true', 'yes', 'on'], true)) {
            return true;
        }
        if (in_array($value, ['0', 'false', 'no', 'off', ''], true)) {
            return false;
        }
        throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": "%s" must be 0 or 1, "%s" given.', self::redact($dsn), $key, $own[$key]));
    }

    /** The DSN without its secrets, for messages (one rule for the bundle and the transport). */
    private static function redact(#[\SensitiveParameter] string $dsn): string
    {
        return Connections::redact($dsn);
    }
}
