<?php

namespace RedisLock\Bridge\Laravel;

use Closure;
use Illuminate\Cache\RateLimiter as LaravelRateLimiter;
use Illuminate\Contracts\Cache\Repository as Cache;
use ValueError;

/**
 * Laravel's RateLimiter (the `throttle` middleware, the RateLimited and
 * ThrottlesExceptions job middleware, the RateLimiter facade) on one
 * \RedisRateLimiter: each key is a fixed window that starts at its first hit
 * and lasts the decay seconds, Laravel's own meaning, kept in one key on the
 * server and decided by the server's clock.
 *
 * attempt() decides and records in one round trip: of any number of processes
 * attempting one key, exactly $maxAttempts run their callback per window
 * (Laravel's reads the count, then increments it, and admits more under a
 * crowd). The slot is taken before the callback runs, so a callback that
 * throws has used its attempt.
 *
 * Reads (tooManyAttempts(), attempts(), remaining(), availableIn()) are one
 * round trip each, by the window's own limit and decay, those of its last hit.
 * tooManyAttempts() then hit() (the order of Laravel's middleware) checks, then
 * records with the limit that the check used, in one round trip: the count of a
 * window never passes that limit. The middleware still acts on the check, as
 * Laravel's code does: two processes checking the last slot at once both go
 * on, and the second one's hit() records nothing. hit() without a check
 * counts as Laravel's does, without a limit.
 *
 * The RedisRateLimiter's key of Laravel's key "k" is the store's prefix, ":",
 * then the key as Laravel cleans it (cleanRateLimiterKey()). Nothing of the
 * cache store is written. The cache repository given stays, as Laravel's
 * constructor takes one, for code that reads it.
 */
class RateLimiter extends LaravelRateLimiter
{
    /** The policy of every key: Laravel's window starts at the first hit. */
    public const POLICY = 'fixed_window';

    /**
     * The limit that hit() and attempts() count under when no check gave one:
     * far above any count a window reaches, within the integers the server's
     * scripts keep exact.
     */
    public const COUNT_LIMIT = 1000000000;

    /** @var \RedisRateLimiter */
    protected $redis;

    /** @var string */
    protected $prefix;

    /**
     * The limit of the last tooManyAttempts() of each key in this process,
     * which the following hit() records under.
     *
     * @var array<string, int>
     */
    protected $checked = [];

    public function __construct(Cache $cache, \RedisRateLimiter $redis, string $prefix = '')
    {
        parent::__construct($cache);
        $this->redis = $redis;
        $this->prefix = $prefix;
    }

    /** This class in place of $limiter, with the named limiters registered on it. */
    public static function replacing(LaravelRateLimiter $limiter, \RedisRateLimiter $redis, string $prefix = ''): self
    {
        $ours = new static($limiter->cache, $redis, $prefix);
        $ours->limiters = $limiter->limiters;

        return $ours;
    }

    /**
     * Run $callback when $key has had fewer than $maxAttempts attempts in its
     * window, decided and recorded in one round trip.
     *
     * @param  string  $key
     * @param  int  $maxAttempts
     * @param  \DateTimeInterface|\DateInterval|int  $decaySeconds
     * @return mixed  false when limited; otherwise the callback's result (true
     *                for null, or on Laravel 8 for any falsy result, as there)
     */
    public function attempt($key, $maxAttempts, Closure $callback, $decaySeconds = 60)
    {
        $maxAttempts = (int) $maxAttempts;
        $decay = $this->decaySeconds($decaySeconds);
        if ($maxAttempts < 1) {
            return false;
        }
        if ($decay > 0) {
            if (!$this->redis->consume($this->redisName($key), $maxAttempts, $decay, 1, static::POLICY)['allowed']) {
                return false;
            }
        }
        $result = $callback();
        if (static::hasIncrement()) {
            return $result ?? true;
        }

        return $result ?: true;
    }

    /**
     * Whether $key has had $maxAttempts attempts or more in its window.
     *
     * @param  string  $key
     * @param  int  $maxAttempts
     * @return bool
     */
    public function tooManyAttempts($key, $maxAttempts)
    {
        $maxAttempts = (int) $maxAttempts;
        $name = $this->redisName($key);
        if ($maxAttempts < 1) {
            unset($this->checked[$name]);

            return true;
        }
        $this->checked[$name] = $maxAttempts;

        return $this->count($name) >= $maxAttempts;
    }

    /**
     * Count one attempt of $key in its window (started now if none runs).
     *
     * @param  string  $key
     * @param  \DateTimeInterface|\DateInterval|int  $decaySeconds
     * @return int  the attempts of the window
     */
    public function hit($key, $decaySeconds = 60)
    {
        return $this->increment($key, $decaySeconds);
    }

    /**
     * Count $amount attempts of $key in its window (started now if none runs).
     * After tooManyAttempts() of the key, under the limit it checked: nothing
     * is counted when the window has no room for $amount.
     *
     * @param  string  $key
     * @param  \DateTimeInterface|\DateInterval|int  $decaySeconds
     * @param  int  $amount
     * @return int  the attempts of the window
     *
     * @throws \ValueError  for an $amount below 0 (a window's count only grows)
     */
    public function increment($key, $decaySeconds = 60, $amount = 1)
    {
        $amount = (int) $amount;
        if ($amount < 0) {
            throw new ValueError('RedisLock\Bridge\Laravel\RateLimiter::increment(): Argument #3 ($amount) must be greater than or equal to 0: a window\'s count only grows (use clear() to start again)');
        }
        $name = $this->redisName($key);
        $decay = $this->decaySeconds($decaySeconds);
        $limit = $this->checked[$name] ?? static::COUNT_LIMIT;
        unset($this->checked[$name]);
        if ($decay <= 0 || $amount === 0) {
            // Laravel's cache keeps nothing for a lifetime of 0: nothing is counted.
            return $this->count($name);
        }
        $amount = min($amount, $limit);
        $answer = $this->redis->consume($name, $limit, $decay, $amount, static::POLICY);

        return $answer['limit'] - $answer['remaining'];
    }

    /**
     * The attempts of $key in its running window (0 when none runs).
     *
     * @param  string  $key
     * @return int
     */
    public function attempts($key)
    {
        return $this->count($this->redisName($key));
    }

    /**
     * Start $key afresh: no attempt, no window.
     *
     * @param  string  $key
     * @return bool  whether there was a window
     */
    public function resetAttempts($key)
    {
        $name = $this->redisName($key);
        unset($this->checked[$name]);

        return $this->redis->reset($name);
    }

    /**
     * The attempts $key has left in its window.
     *
     * @param  string  $key
     * @param  int  $maxAttempts
     * @return int
     */
    public function remaining($key, $maxAttempts)
    {
        return max(0, (int) $maxAttempts - $this->count($this->redisName($key)));
    }

    /**
     * Start $key afresh: no attempt, no window.
     *
     * @param  string  $key
     * @return void
     */
    public function clear($key): void
    {
        $this->resetAttempts($key);
    }

    /**
     * Seconds until $key's window ends (0 when none runs), rounded up as
     * Laravel's whole-second timer is.
     *
     * @param  string  $key
     * @return int
     */
    public function availableIn($key)
    {
        $state = $this->redis->inspect($this->redisName($key));
        if ($state === null || $state['remaining'] >= $state['limit']) {
            return 0;
        }

        return max(0, (int) ceil($state['reset_after']));
    }

    /** The \RedisRateLimiter the decisions are made by. */
    public function getRedisRateLimiter(): \RedisRateLimiter
    {
        return $this->redis;
    }

    /**
     * The name Laravel's $key has in the \RedisRateLimiter: "<prefix>:<key>"
     * (the prefix's ":" and "%" percent-encoded, as the store's lock names are),
     * or the key alone without a prefix, the key cleaned as Laravel cleans it.
     */
    public function redisName($key): string
    {
        $key = $this->cleanRateLimiterKey((string) $key);
        if ($this->prefix === '') {
            return $key;
        }

        return strtr($this->prefix, ['%' => '%25', ':' => '%3A']) . ':' . $key;
    }

    /** Whether this Laravel's RateLimiter has increment() (10 and later): attempt() then returns null results as true only. */
    public static function hasIncrement(): bool
    {
        return method_exists(LaravelRateLimiter::class, 'increment');
    }

    /**
     * The attempts of the running window of $name (0 when none runs), read by
     * the window's own limit and decay, those of its last hit.
     */
    protected function count(string $name): int
    {
        $state = $this->redis->inspect($name);

        return $state === null ? 0 : max(0, $state['limit'] - $state['remaining']);
    }

    /**
     * Laravel's decay (seconds, a DateInterval, or on 10 and later the moment
     * the window ends) in seconds.
     */
    protected function decaySeconds($decay): float
    {
        if ($decay instanceof \DateTimeInterface || $decay instanceof \DateInterval) {
            return (float) $this->secondsUntil($decay);
        }

        return (float) $decay;
    }
}
