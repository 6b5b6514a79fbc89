<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\RateLimiter;

use Symfony\Component\RateLimiter\LimiterInterface;

/*
 * What RedisRateLimiterFactory implements: symfony's RateLimiterFactoryInterface
 * where the installed symfony/rate-limiter has it (7.3 and later), so that
 * anything typed on it (login throttling, ThrottlingHttpClient, autowired
 * arguments) takes our factory; the same method otherwise.
 */
if (interface_exists(\Symfony\Component\RateLimiter\RateLimiterFactoryInterface::class)) {
    interface RateLimiterFactoryContract extends \Symfony\Component\RateLimiter\RateLimiterFactoryInterface
    {
    }
} else {
    interface RateLimiterFactoryContract
    {
        public function create(?string $key = null): LimiterInterface;
    }
}
