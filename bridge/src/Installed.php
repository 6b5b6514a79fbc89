<?php

declare(strict_types=1);

namespace RedisLock\Bridge;

/**
 * The extension as the bridge finds it. The bridge and the extension are one
 * release, but composer updates the one and the system's packages the other, so a
 * process may run this bridge on an extension of an earlier release, or none (a
 * build stage that compiles Symfony's container). The bridge reads the
 * extension's bounds from its class constants; this says, once, whether they are
 * there.
 */
final class Installed
{
    /**
     * The newest of the class constants the bridge reads: an extension without it
     * is older than this bridge.
     */
    private const NEWEST = 'RedisQueue::MAX_STATS';

    private function __construct()
    {
    }

    /**
     * Why the extension cannot serve this bridge ('' when it can): not loaded, or
     * of an earlier release.
     */
    public static function unusable(): string
    {
        if (!\extension_loaded('redislock')) {
            return 'the redislock extension is not loaded';
        }
        if (!\defined(self::NEWEST)) {
            return 'the redislock extension is older than this bridge (it has no ' . self::NEWEST
                . '): upgrade the extension to the release of the bridge';
        }

        return '';
    }

    /**
     * A bound of the extension (a class constant, as "RedisLock::MAX_SECONDS"), or
     * null when the extension is not there to say it (the value is then checked
     * where the extension takes it).
     */
    public static function bound(string $constant): int|float|null
    {
        return self::unusable() === '' ? \constant($constant) : null;
    }

    /**
     * A number in a message as PHP code would write it, whatever the precision
     * and serialize_precision ini settings: 0.05, 3600, 1000000000.
     */
    public static function number(int|float $n): string
    {
        return \is_int($n) ? (string) $n : sprintf('%.15g', $n);
    }
}
