<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

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
    public const MAX_HOLD = 86400;

    public function createTransport(#[\SensitiveParameter] string $dsn, array $options, SerializerInterface $serializer): TransportInterface
    {
        [$connection, $own] = self::parse($dsn, $options);
        try {
            $queue = new \RedisQueue($connection);
        } catch (\ValueError | \TypeError $e) {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": %s', self::redact($dsn), $e->getMessage()), 0, $e);
        }
        try {
            return new RedisLockTransport(
                $queue,
                $own['queue'],
                $serializer,
                self::seconds($own, 'visibility', 30.0, $dsn),
                self::seconds($own, 'wait', 1.0, $dsn),
                self::flag($own, 'dead', $dsn),
                self::integer($own, 'list_limit', 1000, $dsn),
            );
        } catch (\InvalidArgumentException $e) {
            if ($e instanceof InvalidArgumentException) {
                throw $e;
            }
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": %s', self::redact($dsn), $e->getMessage()), 0, $e);
        }
    }

    public function supports(#[\SensitiveParameter] string $dsn, array $options): bool
    {
        $scheme = strtolower((string) strstr($dsn, '://', true));

        return isset(self::SCHEMES[$scheme]);
    }

    /**
     * The extension's DSN and the transport's own options.
     *
     * @return array{0: string, 1: array<string, string>}
     */
    private static function parse(string $dsn, array $options): array
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
        if (!in_array($params['watchdog'], ['0', 0, false, 'false', 'off', 'no'], true)) {
            $params += ['watchdog_max_hold' => (string) self::MAX_HOLD];
        }

        $connection = $target . '://' . $rest;
        if ($params) {
            $connection .= '?' . http_build_query($params, '', '&', \PHP_QUERY_RFC3986);
        }

        return [$connection, $own];
    }

    private static function seconds(array $own, string $key, float $default, string $dsn): float
    {
        if (!isset($own[$key])) {
            return $default;
        }
        if (!is_numeric($own[$key])) {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": "%s" must be a number of seconds, "%s" given.', self::redact($dsn), $key, $own[$key]));
        }

        return (float) $own[$key];
    }

    private static function integer(array $own, string $key, int $default, string $dsn): int
    {
        if (!isset($own[$key])) {
            return $default;
        }
        if (!preg_match('/^\d+$/', $own[$key])) {
            throw new InvalidArgumentException(sprintf('Invalid redislock DSN "%s": "%s" must be a positive integer, "%s" given.', self::redact($dsn), $key, $own[$key]));
        }

        return (int) $own[$key];
    }

    private static function flag(array $own, string $key, string $dsn): bool
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

    /** The DSN without its password, for messages. */
    private static function redact(string $dsn): string
    {
        $dsn = preg_replace('#^([^:/]+://[^:@/]*:)[^@/]*@#', '$1****@', $dsn) ?? $dsn;

        return preg_replace('/([?&]password=)[^&]*/i', '$1****', $dsn) ?? $dsn;
    }
}
