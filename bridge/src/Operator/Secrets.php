<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The passwords of a connection (a DSN or an options array), found once so that
 * no message the command prints shows one.
 */
final class Secrets
{
    /** @var list<string> */
    private array $secrets;

    /** @param string|array<string, mixed>|null $connection */
    public function __construct(#[\SensitiveParameter] string|array|null $connection)
    {
        $this->secrets = self::of($connection);
    }

    /** $message with every secret, as it is and percent-encoded, replaced by "***". */
    public function mask(string $message): string
    {
        foreach ($this->secrets as $secret) {
            if ($secret !== '') {
                $message = str_replace([$secret, rawurlencode($secret)], '***', $message);
            }
        }

        return $message;
    }

    /**
     * @param string|array<string, mixed>|null $connection
     * @return list<string>
     */
    private static function of(#[\SensitiveParameter] string|array|null $connection): array
    {
        $secrets = [];
        if (is_array($connection)) {
            array_walk_recursive($connection, static function ($value, $key) use (&$secrets): void {
                if ($key === 'password' && is_string($value)) {
                    $secrets[] = $value;
                }
            });
        } elseif (is_string($connection)) {
            /* The userinfo ends at the first '@' of a well-formed DSN, and at the last
             * one when the password holds an unencoded '@' or '/' (as the extension
             * reads it): both candidates are masked. */
            $rest = preg_replace('~^[a-z+-]+://~i', '', $connection, 1, $hasScheme);
            $ats = $hasScheme ? [strpos($rest, '@'), strrpos($rest, '@')] : [];
            foreach (array_unique(array_filter($ats, static fn ($at): bool => $at !== false)) as $at) {
                $userinfo = substr($rest, 0, $at);
                $password = str_contains($userinfo, ':') ? substr($userinfo, strpos($userinfo, ':') + 1) : $userinfo;
                $secrets[] = $password;
                $secrets[] = rawurldecode($password);
            }
            if (preg_match_all('~[?&](?:password|auth)=([^&#]*)~i', $connection, $m)) {
                foreach ($m[1] as $p) {
                    $secrets[] = $p;
                    $secrets[] = rawurldecode($p);
                }
            }
        }

        return array_values(array_filter(array_unique($secrets), static fn (string $s): bool => $s !== ''));
    }
}
