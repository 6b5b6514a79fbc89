<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\DependencyInjection;

/**
 * The bundle's connections, from the configured DSN or options: the factories of
 * its services, also called while the container is built to check the connection.
 *
 * @internal
 */
final class Connections
{
    /**
     * The lock store's \RedisLock: with $lease, the watchdog renews every hold to
     * $lease seconds while this process lives, unless the connection sets the
     * "watchdog" option itself.
     */
    public static function lock(#[\SensitiveParameter] string|array $connection, ?float $lease): \RedisLock
    {
        if ($lease !== null) {
            if (is_array($connection)) {
                $connection += ['watchdog' => ['lease' => $lease]];
            } elseif (!preg_match('/[?&]watchdog=/', $connection)) {
                $connection .= (str_contains($connection, '?') ? '&' : '?') . 'watchdog=1&watchdog_lease=' . $lease;
            }
        }

        return new \RedisLock($connection);
    }

    public static function semaphore(#[\SensitiveParameter] string|array $connection): \RedisSemaphore
    {
        return new \RedisSemaphore($connection);
    }

    public static function rateLimiter(#[\SensitiveParameter] string|array $connection): \RedisRateLimiter
    {
        return new \RedisRateLimiter($connection);
    }

    /** What the extension said, without the method and argument it names (the configuration's key is named instead). */
    public static function reason(\Throwable $e): string
    {
        return preg_replace('/^\w+::__construct\(\): Argument #1 \(\$connection\) /', '', $e->getMessage());
    }

    /**
     * A DSN for messages: the userinfo up to the last '@' (a password may hold an
     * unencoded '@' or '/') is masked, and from the first query option that may be a
     * password (password, pass, auth, requirepass) on the query is cut: a password
     * with an unencoded '&' would leak its tail as the next option. The bundle's and
     * the Messenger transport's messages use it.
     */
    public static function redact(#[\SensitiveParameter] string $dsn): string
    {
        if (preg_match('/[?&](?:password|pass|auth|requirepass)=/i', $dsn, $m, \PREG_OFFSET_CAPTURE)) {
            $dsn = substr($dsn, 0, $m[0][1] + strlen($m[0][0])) . '****';
        }
        if (($at = strrpos($dsn, '@')) !== false) {
            $start = ($sep = strpos($dsn, '://')) !== false && $sep < $at ? $sep + 3 : 0;
            $dsn = substr($dsn, 0, $start) . '****' . substr($dsn, $at);
        }

        return $dsn;
    }

    /** $message with every password of the connection, plain or percent-encoded, masked. */
    public static function mask(#[\SensitiveParameter] string|array $connection, string $message): string
    {
        $secrets = [];
        if (is_array($connection)) {
            array_walk_recursive($connection, static function ($value, $key) use (&$secrets): void {
                if ($key === 'password' && is_string($value)) {
                    $secrets[] = $value;
                }
            });
        } elseif (preg_match('~^[a-z+-]+://(.*)@~is', $connection, $m)) {
            $secrets[] = $m[1];
            $secrets[] = str_contains($m[1], ':') ? substr($m[1], strpos($m[1], ':') + 1) : $m[1];
        }
        foreach ($secrets as $secret) {
            if ($secret !== '') {
                $message = str_replace([$secret, rawurldecode($secret), rawurlencode($secret)], '****', $message);
            }
        }

        return $message;
    }
}
