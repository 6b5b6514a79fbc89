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
 * Reads (attempts(), remaining(), availableIn()) are one round trip each, by
 * the window's own limit and decay, those of its last hit.
 *
 * tooManyAttempts() then hit(), the order of Laravel's `throttle` middleware and
 * RateLimited, is decided as one: the check takes the slot itself, in the one
 * round trip that decides, and remembers it in this process; the hit() of the
 * key that follows claims it and records nothing more. Of any number of
 * processes checking the last slot at once, one goes on. The check needs the
 * window's decay, which Laravel gives only to hit(): it is read from the limits
 * of the middleware that checks (ThrottleRequests and RateLimited, 8 to 13).
 * Other checks take nothing, as \RedisRateLimiter cannot give a slot back and
 * a check may be all their caller does: the checks of other code, of limits
 * counted after the response (Limit::after(), 12 and later) and of
 * ThrottlesExceptions (whose hit() counts a failure, not the run its check
 * admits). They read the count, and the hit() that follows records under the
 * limit they checked, so the count never passes it (attempt() is the call that
 * decides atomically for such code).
 *
 * A slot taken that no hit() claims (on 12 and later, a later limit of the same
 * request refused it) is kept for the next check of the key in this process
 * while its window runs, so it is never taken twice; otherwise it stays used
 * until its window ends: the middleware can under-admit, never over-admit.
 * hit() without a check counts as Laravel's does, without a limit.
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
     * The largest limit of a window (10^13 attempts), and the one hit() and
     * attempts() count under when no check gave one: far above any count a
     * window reaches, within the integers the server's scripts keep exact. A
     * larger $maxAttempts counts as this one.
     */
    public const COUNT_LIMIT = \RedisRateLimiter::MAX_WINDOW_LIMIT;

    /**
     * The longest window, in seconds: 100 years of 365 days, the longest
     * interval of a \RedisRateLimiter. A longer decay lasts this long.
     */
    public const MAX_DECAY = \RedisRateLimiter::MAX_INTERVAL;

    /** The most attempts one call of increment() counts at once: the most tokens one call takes. */
    public const MAX_AMOUNT = \RedisRateLimiter::MAX_LIMIT;

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

    /**
     * The slots tooManyAttempts() took that no hit() has claimed yet, by name:
     * the limit checked, the attempts of the window with the slot, and until
     * when (hrtime, seconds) the window that holds it runs at the latest.
     *
     * @var array<string, array{limit: int, count: int, until: float}>
     */
    protected $reserved = [];

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
        $maxAttempts = min((int) $maxAttempts, static::COUNT_LIMIT);
        $decay = $this->decaySeconds($decaySeconds);
        if ($maxAttempts < 1) {
            return false;
        }
        $name = $this->redisName($key);
        unset($this->checked[$name]);
        if ($this->claim($name, $maxAttempts) !== null) {
            $decay = 0.0;   // the slot a check took is this attempt's
        }
        if ($decay > 0) {
            if (!$this->redis->consume($name, $maxAttempts, $decay, 1, static::POLICY)['allowed']) {
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
     * Whether $key has had $maxAttempts attempts or more in its window. When
     * not, the slot of the hit() that follows is taken now, in the round trip
     * that decides (see the class's comment).
     *
     * @param  string  $key
     * @param  int  $maxAttempts
     * @return bool
     */
    public function tooManyAttempts($key, $maxAttempts)
    {
        $maxAttempts = min((int) $maxAttempts, static::COUNT_LIMIT);
        $name = $this->redisName($key);
        unset($this->checked[$name]);
        if ($maxAttempts < 1) {
            return true;
        }
        $held = $this->reserved[$name] ?? null;
        if ($held !== null && $held['limit'] === $maxAttempts && hrtime(true) / 1e9 < $held['until']) {
            return false;   // a slot an earlier check took, unclaimed: still ours
        }
        unset($this->reserved[$name]);
        $decay = $this->checkDecay((string) $key);
        if ($decay === null) {
            $this->checked[$name] = $maxAttempts;

            return $this->count($name) >= $maxAttempts;
        }
        // The server's clock is at least this one's when it decides: the window
        // that holds the slot ends at the latest reset_after from now.
        $asked = hrtime(true) / 1e9;
        $answer = $this->redis->consume($name, $maxAttempts, $decay, 1, static::POLICY);
        if (!$answer['allowed']) {
            return true;
        }
        $this->reserved[$name] = ['limit' => $maxAttempts, 'count' => $answer['limit'] - $answer['remaining'],
            'until' => $asked + $answer['reset_after']];

        return false;
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
        if ($amount > 0 && ($held = $this->claim($name)) !== null) {
            // The check took this hit's slot: the rest, if any, under its limit.
            $limit = $held['limit'];
            $amount--;
            if ($amount === 0 || $decay <= 0) {
                return $held['count'];
            }
        }
        if ($decay <= 0 || $amount === 0) {
            // Laravel's cache keeps nothing for a lifetime of 0: nothing is counted.
            return $this->count($name);
        }
        $amount = min($amount, $limit, static::MAX_AMOUNT);
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
        unset($this->checked[$name], $this->reserved[$name]);

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
        return max(0, min((int) $maxAttempts, static::COUNT_LIMIT) - $this->count($this->redisName($key)));
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
     * The slot a check took for $name, taken out of the reservations: null when
     * none is held (or its window has ended, or it was checked under another
     * limit than $limit).
     *
     * @return array{limit: int, count: int, until: float}|null
     */
    protected function claim(string $name, ?int $limit = null): ?array
    {
        $held = $this->reserved[$name] ?? null;
        unset($this->reserved[$name]);
        if ($held === null || hrtime(true) / 1e9 >= $held['until'] || ($limit !== null && $held['limit'] !== $limit)) {
            return null;
        }

        return $held;
    }

    /**
     * The decay (seconds) the check of $key takes its slot with, null when the
     * check takes none. Laravel's middleware knows the decay and gives it to
     * hit() only: it is read from the limits of the middleware that checks
     * (ThrottleRequests::handleRequest(), RateLimited::handleJob(): objects with
     * the key, decaySeconds or on 8 decayMinutes, and on 12 and later
     * afterCallback, whose limits are counted after the response and take
     * nothing). ThrottlesExceptions takes nothing: its hit() counts a job's
     * failure, not the run its check admits. Other callers take nothing: a
     * check may be all they do, and a slot taken cannot be given back.
     */
    protected function checkDecay(string $key): ?float
    {
        $caller = debug_backtrace(DEBUG_BACKTRACE_PROVIDE_OBJECT, 3)[2] ?? [];
        $object = $caller['object'] ?? null;
        if ($object instanceof \Illuminate\Queue\Middleware\ThrottlesExceptions) {
            return null;
        }
        if (($object instanceof \Illuminate\Routing\Middleware\ThrottleRequests && $caller['function'] === 'handleRequest')
            || ($object instanceof \Illuminate\Queue\Middleware\RateLimited && $caller['function'] === 'handleJob')) {
            foreach ((array) ($caller['args'][2] ?? []) as $limit) {
                if (is_object($limit) && isset($limit->key) && (string) $limit->key === $key) {
                    if (!empty($limit->afterCallback)) {
                        return null;
                    }
                    $decay = isset($limit->decaySeconds) ? $this->decaySeconds($limit->decaySeconds)
                        : min((float) (($limit->decayMinutes ?? 1) * 60), static::MAX_DECAY);

                    return $decay > 0 ? $decay : null;
                }
            }
        }
        return null;
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
     * the window ends) in seconds, at most MAX_DECAY.
     */
    protected function decaySeconds($decay): float
    {
        if ($decay instanceof \DateTimeInterface || $decay instanceof \DateInterval) {
            return min((float) $this->secondsUntil($decay), static::MAX_DECAY);
        }

        return min((float) $decay, static::MAX_DECAY);
    }
}
