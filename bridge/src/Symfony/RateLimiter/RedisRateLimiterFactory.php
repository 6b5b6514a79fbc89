<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\RateLimiter;

use Symfony\Component\RateLimiter\LimiterInterface;
use Symfony\Component\RateLimiter\Policy\NoLimiter;

/**
 * symfony's RateLimiterFactory on a \RedisRateLimiter: the same config (id,
 * policy, limit, interval, rate: {interval, amount}, as FrameworkBundle's
 * framework.rate_limiter.limiters.NAME and symfony's RateLimiterFactory take
 * it), the same limiter ids ("<id>-<key>"), limiters that decide on the server
 * (RedisLimiter) instead of a cache item under a lock. On symfony 7.3 and later
 * it is a RateLimiterFactoryInterface.
 *
 * token_bucket: symfony's TokenBucket, "limit" the bucket's size, refilled by
 * rate.amount tokens at each whole rate.interval after the bucket's start (the
 * \RedisRateLimiter's "stepped_bucket", its $limit and $interval the rate, its
 * $burst the size). fixed_window and sliding_window: "limit" hits per
 * "interval". no_limit: symfony's NoLimiter. An interval is at most 100 years
 * (of 365 days), and a bucket refills in at most ten years: the constructor
 * refuses anything longer, naming the option.
 */
final class RedisRateLimiterFactory implements RateLimiterFactoryContract
{
    private const POLICIES = ['token_bucket', 'fixed_window', 'sliding_window', 'no_limit'];

    /** The longest interval, in seconds: 100 years of 365 days (\RedisRateLimiter's). */
    public const MAX_INTERVAL = \RedisRateLimiter::MAX_INTERVAL;

    /** The longest time a token bucket takes to refill, in seconds: ten years (\RedisRateLimiter's). */
    public const MAX_REFILL = \RedisRateLimiter::MAX_REFILL;

    private string $id;
    private string $policy;
    private int $limit = 0;
    private int $rate = 0;
    private float $interval = 0.0;
    private ?int $burst = null;

    /**
     * Checks $config as the constructor does, without a \RedisRateLimiter: the
     * bundle calls it when it builds the container, so that a config out of
     * range fails there, naming the option.
     *
     * @throws \InvalidArgumentException
     */
    public static function validate(array $config): void
    {
        (new \ReflectionClass(self::class))->newInstanceWithoutConstructor()->configure($config);
    }

    /**
     * @throws \InvalidArgumentException  for a config symfony's factory refuses, or one out of range, naming the option
     */
    public function __construct(array $config, private \RedisRateLimiter $redis)
    {
        $this->configure($config);
    }

    private function configure(array $config): void
    {
        $unknown = array_diff(array_keys($config), ['id', 'policy', 'limit', 'interval', 'rate']);
        if ($unknown) {
            throw new \InvalidArgumentException(sprintf('The rate limiter option "%s" does not exist; known options: "id", "policy", "limit", "interval", "rate".', reset($unknown)));
        }
        if (!isset($config['id']) || !is_string($config['id'])) {
            throw new \InvalidArgumentException('The rate limiter option "id" is required, a string.');
        }
        if (!in_array($config['policy'] ?? null, self::POLICIES, true)) {
            throw new \InvalidArgumentException(sprintf('The rate limiter option "policy" must be "token_bucket", "fixed_window", "sliding_window" or "no_limit", got %s.', get_debug_type($config['policy'] ?? null)));
        }
        $this->id = $config['id'];
        $this->policy = $config['policy'];
        if ($this->policy === 'no_limit') {
            return;
        }
        if (!is_int($config['limit'] ?? null) || $config['limit'] < 1) {
            throw new \InvalidArgumentException('The rate limiter option "limit" must be an integer of 1 or more.');
        }
        $this->limit = $config['limit'];
        if ($this->policy === 'token_bucket') {
            $rate = $config['rate'] ?? null;
            if (!is_array($rate) || !isset($rate['interval'])) {
                throw new \InvalidArgumentException('The rate limiter option "rate" must give an "interval" for the token_bucket policy.');
            }
            $amount = $rate['amount'] ?? 1;
            if (!is_int($amount) || $amount < 1) {
                throw new \InvalidArgumentException('The rate limiter option "rate.amount" must be an integer of 1 or more.');
            }
            $this->rate = $amount;
            $this->interval = self::seconds('rate.interval', $rate['interval']);
            $this->burst = $this->limit;
            if (ceil($this->limit / $amount) * $this->interval > self::MAX_REFILL) {
                throw new \InvalidArgumentException(sprintf('The rate limiter options "limit" and "rate" make a bucket that takes %.0f seconds to refill, more than ten years (%.0f seconds).', ceil($this->limit / $amount) * $this->interval, self::MAX_REFILL));
            }
        } else {
            $this->rate = $this->limit;
            $this->interval = self::seconds('interval', $config['interval'] ?? null);
        }
    }

    public function create(?string $key = null): LimiterInterface
    {
        if ($this->policy === 'no_limit') {
            return new NoLimiter();
        }

        return new RedisLimiter($this->redis, $this->id . '-' . $key,
            $this->policy === 'token_bucket' ? 'stepped_bucket' : $this->policy, $this->limit, $this->rate,
            $this->interval, $this->burst);
    }

    /** The \RedisRateLimiter the limiters decide on. */
    public function getRedisRateLimiter(): \RedisRateLimiter
    {
        return $this->redis;
    }

    /** Seconds of a symfony interval ("1 minute", "15 seconds"...), read as symfony reads it, from now. */
    private static function seconds(string $option, mixed $interval): float
    {
        if (!is_string($interval)) {
            throw new \InvalidArgumentException(sprintf('The rate limiter option "%s" must be a string such as "1 minute", got %s.', $option, get_debug_type($interval)));
        }
        $now = \DateTimeImmutable::createFromFormat('U', (string) time());
        try {
            $later = @$now->modify('+' . $interval);
        } catch (\Exception $e) {
            $later = false;
        }
        // Fractions of a second count (symfony's own limiters round them away).
        $seconds = $later === false ? 0.0 : (float) $later->format('U.u') - (float) $now->format('U.u');
        if ($seconds <= 0) {
            throw new \InvalidArgumentException(sprintf('The rate limiter option "%s" cannot be read as an interval: "%s" (use a unit as described on https://www.php.net/datetime.formats.relative).', $option, $interval));
        }
        if ($seconds > self::MAX_INTERVAL) {
            throw new \InvalidArgumentException(sprintf('The rate limiter option "%s" is "%s", %.0f seconds: at most 100 years (%.0f seconds) are supported.', $option, $interval, $seconds, self::MAX_INTERVAL));
        }

        return $seconds;
    }
}
