<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\RateLimiter;

use Symfony\Component\RateLimiter\Exception\MaxWaitDurationExceededException;
use Symfony\Component\RateLimiter\Exception\ReserveNotSupportedException;
use Symfony\Component\RateLimiter\LimiterInterface;
use Symfony\Component\RateLimiter\RateLimit;
use Symfony\Component\RateLimiter\Reservation;

/**
 * One limiter of symfony/rate-limiter (LimiterInterface) decided by a
 * \RedisRateLimiter: token_bucket, fixed_window or sliding_window, with the
 * meanings symfony gives them, each decision one round trip to the server, by
 * the server's clock, with no lock and no cache item.
 *
 * - consume() takes $tokens when they are there, and nothing otherwise.
 * - reserve() waits on the server for its turn (RedisRateLimiter::wait(): no
 *   polling, waiters in the order they asked) and returns a Reservation whose
 *   time to act has come, so that its wait() returns at once. With $maxTime, a
 *   wait that the limiter's answer shows to be longer throws
 *   MaxWaitDurationExceededException at once, and so does a wait that reaches
 *   $maxTime; nothing is consumed then. Symfony's own limiters book the tokens
 *   and leave the waiting to Reservation::wait(). sliding_window cannot
 *   reserve (ReserveNotSupportedException, as symfony's own before 7.x).
 * - reset() forgets the limiter's state.
 *
 * Made by RedisRateLimiterFactory from symfony's limiter config.
 */
final class RedisLimiter implements LimiterInterface
{
    /** The longest reserve() without $maxTime waits, in seconds: a day (this adapter's choice). */
    public const MAX_WAIT = 86400.0;

    /**
     * @param string $name      the name under the \RedisRateLimiter's prefix
     * @param int    $limit     what RateLimit::getLimit() tells: the window's limit, or the bucket's size
     * @param int    $rate      tokens per $interval (the window's limit, or the bucket's refill amount)
     * @param float  $interval  seconds
     * @param ?int   $burst     token_bucket: the bucket's size
     */
    public function __construct(
        private \RedisRateLimiter $redis,
        private string $name,
        private string $policy,
        private int $limit,
        private int $rate,
        private float $interval,
        private ?int $burst = null,
    ) {
    }

    public function reserve(int $tokens = 1, ?float $maxTime = null): Reservation
    {
        if ($this->policy === 'sliding_window') {
            // A sliding window has no moment at which a place can be promised.
            throw new ReserveNotSupportedException(self::class);
        }
        $this->checkTokens($tokens);
        $start = microtime(true);
        if ($maxTime !== null) {
            $answer = $this->call('peek', $tokens);
            if (!$answer['allowed'] && $answer['retry_after'] > $maxTime) {
                throw $this->tooLong($answer['retry_after'], $maxTime, $answer, $start);
            }
        }
        $answer = $this->redis->wait($this->name, $this->rate, $this->interval, $tokens, $this->policy, $this->burst,
            $maxTime === null ? self::MAX_WAIT : max(0.0, $maxTime));
        if ($answer === false) {
            $answer = $this->call('peek', $tokens);
            throw $this->tooLong((float) $maxTime, (float) $maxTime, $answer, $start);
        }
        $now = microtime(true);

        return new Reservation($now, $this->rateLimit($answer, $now));
    }

    public function consume(int $tokens = 1): RateLimit
    {
        if ($tokens === 0) {
            // symfony's way of reading a limiter: nothing taken, the tokens left told.
            $answer = $this->call('peek', 1);
            $answer['allowed'] = true;

            return $this->rateLimit($answer, microtime(true));
        }
        $this->checkTokens($tokens);

        return $this->rateLimit($this->call('consume', $tokens), microtime(true));
    }

    public function reset(): void
    {
        $this->redis->reset($this->name);
    }

    /** The name under the \RedisRateLimiter's prefix. */
    public function getName(): string
    {
        return $this->name;
    }

    private function call(string $method, int $tokens): array
    {
        return $this->redis->{$method}($this->name, $this->rate, $this->interval, $tokens, $this->policy, $this->burst);
    }

    private function checkTokens(int $tokens): void
    {
        $size = $this->burst ?? $this->rate;
        if ($tokens > $size) {
            throw new \InvalidArgumentException(sprintf('Cannot reserve more tokens (%d) than the %s of the rate limiter (%d).',
                $tokens, $this->burst === null ? 'size' : 'burst size', $size));
        }
        if ($tokens < 0) {
            throw new \InvalidArgumentException(sprintf('Cannot reserve a negative number of tokens (%d).', $tokens));
        }
    }

    /** symfony's RateLimit of the extension's $answer, at $now (local seconds). */
    private function rateLimit(array $answer, float $now): RateLimit
    {
        $retryAt = $now + ($answer['allowed'] ? 0.0 : $answer['retry_after']);

        return new RateLimit(max(0, (int) $answer['remaining']),
            \DateTimeImmutable::createFromFormat('U.u', sprintf('%.6F', $retryAt)), (bool) $answer['allowed'], $this->limit);
    }

    private function tooLong(float $wait, float $maxTime, array $answer, float $now): MaxWaitDurationExceededException
    {
        $answer['allowed'] = false;

        return new MaxWaitDurationExceededException(sprintf('The rate limiter wait time ("%d" seconds) is longer than the provided maximum time ("%d" seconds).',
            $wait, $maxTime), $this->rateLimit($answer, $now));
    }
}
