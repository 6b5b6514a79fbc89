<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Cache\Lock as BaseLock;
use Illuminate\Contracts\Cache\LockTimeoutException;

/**
 * A Laravel atomic lock (Cache::lock()) held in Redis by the redislock extension.
 *
 * Differences from Illuminate\Cache\RedisLock, all on purpose:
 *
 * - The owner. Laravel writes the owner string into the key; redislock writes a
 *   token of its own (128 random bits in hex) in one atomic SET NX PX.
 *   Once acquire() succeeds, that token becomes this lock's owner: owner() returns
 *   it, and restoreLock($name, $lock->owner()) in any process can release the lock.
 *   An owner chosen by the caller (Cache::lock($name, $seconds, 'job-42')) is only
 *   the owner until acquisition, and is then replaced by the token: it is never
 *   stored in Redis, so restoreLock($name, 'job-42') cannot release the lock (its
 *   release() returns false). Pass $lock->owner() after get()/block() instead,
 *   which is what Laravel's documentation does anyway.
 * - $seconds = 0 means "no expiry" in Laravel. A redislock lock always has a
 *   lifetime, so 0 maps to LockProvider::FOREVER_SECONDS (one year by default): a
 *   lock whose holder dies without releasing comes back after that, never earlier.
 * - Seconds (the lifetime, block()'s wait, refresh()'s) take the forms Laravel
 *   takes: an int, a float or a numeric string; null, 0 or less is Laravel's "no
 *   expiry" for a lifetime (the long finite one above) and "try once" for
 *   block(). Beyond MAX_SECONDS (1e9 s, about 31.7 years, the extension's bound),
 *   INF too, they are held at MAX_SECONDS, practically for ever, where Laravel's
 *   own lock takes any number. NaN is a ValueError and any other type a
 *   TypeError, naming $seconds, thrown before anything is sent (for the
 *   lifetime: when the lock is made).
 * - A restored lock (restoreLock()) does not know the lifetime its holder chose:
 *   refresh() without seconds leaves the hold's expiry as it is and only says
 *   whether the owner still holds it (Laravel's own lock would make it permanent).
 * - block() does not poll. It waits on the Redis server, in FIFO order with every
 *   other waiter, and is woken by the release; betweenBlockedAttemptsSleepFor()
 *   is accepted and ignored.
 * - Fencing numbers: fencingToken() draws this holder's number (greater than
 *   every earlier holder's), and the owner then carries it in front:
 *   "<fencing number>:<random hex>". A lock that never asks pays nothing for it.
 * - Leases (when the provider has them, see Leases): a lock that this process
 *   will release itself is held under the watchdog's lease instead of its plain
 *   lifetime: renewed while this process lives, gone within one lease after it
 *   dies, and never later than its lifetime. That is decided when it is
 *   acquired: get() and block() with a callback (released once the callback
 *   returns), and every acquisition of a lock made with $heldToRelease (the
 *   framework's own such locks: see LockStore and Scheduling\EventMutex). Any
 *   other acquisition may be handed on through owner() and restoreLock(), and
 *   keeps its plain lifetime. A leased hold's owner is its token, as any
 *   other's: restoreLock() elsewhere can check and release it (but not keep it
 *   alive once this process is gone); refresh() gives it a new bound. The bound
 *   lives on the server: a restored lock's refresh($seconds) gives the hold that
 *   lifetime, and the holder's watchdog stops renewing it (a shorter one is not
 *   undone, a longer one not cut back).
 */
class Lock extends BaseLock
{
    /** @var \RedisLock */
    protected $redis;

    /** @var string|null */
    protected $connectionName;

    /** @var float */
    protected $foreverSeconds;

    /**
     * Whether the lifetime of the hold this lock acts on is unknown here: a
     * restored lock's, until this object acquires the lock itself.
     *
     * @var bool
     */
    protected $lifetimeUnknown;

    /** @var \RedisLock\Bridge\Laravel\Leases|null */
    protected $leases;

    /** @var bool  every acquisition of this lock is released by the acquiring process */
    protected $heldToRelease;

    /** @var bool  whether this object's hold (its owner) is a lease the provider's watchdog renews */
    protected $leased = false;

    /** Seconds a lifetime or a wait is held at: the extension's bound (about 31.7 years). */
    public const MAX_SECONDS = \RedisLock::MAX_SECONDS;

    /** getCurrentOwner() for a lock held under an owner that is not ours (never a token). */
    public const OTHER_OWNER = '(held by another owner)';

    /**
     * @param  \RedisLock  $redis
     * @param  string  $name  the name in Redis (after the extension's own key prefix)
     * @param  int|float|string|null  $seconds  lifetime; 0 or less (or null): $foreverSeconds
     * @param  string|null  $owner  a token to act on (restoreLock), or null
     * @param  bool  $restored  made by restoreLock(): the hold's lifetime is not known here
     * @param  \RedisLock\Bridge\Laravel\Leases|null  $leases  the provider's leases (null: none)
     * @param  bool  $heldToRelease  this process releases every acquisition itself: leased
     *
     * @throws \TypeError  when $seconds is not a number
     * @throws \ValueError  when $seconds is NaN
     */
    public function __construct(\RedisLock $redis, $name, $seconds, $owner = null, ?string $connectionName = null,
        float $foreverSeconds = LockProvider::FOREVER_SECONDS, bool $restored = false, ?Leases $leases = null,
        bool $heldToRelease = false)
    {
        self::seconds($seconds);
        parent::__construct($name, $seconds, $owner);

        $this->redis = $redis;
        $this->connectionName = $connectionName;
        $this->foreverSeconds = $foreverSeconds;
        $this->lifetimeUnknown = $restored;
        $this->leases = $leases;
        $this->heldToRelease = $heldToRelease;
    }

    /** The lifetime given to Redis: $seconds, or the long finite one for 0. */
    public function lifetime(): float
    {
        $seconds = self::seconds($this->seconds);

        return $seconds > 0 ? $seconds : $this->foreverSeconds;
    }

    /**
     * Seconds as Laravel takes them (int, float, numeric string; null: 0), held
     * at MAX_SECONDS.
     *
     * @throws \TypeError  for any other type
     * @throws \ValueError  for NaN
     */
    public static function seconds($seconds): float
    {
        if ($seconds === null) {
            return 0.0;
        }
        if (!is_int($seconds) && !is_float($seconds) && !(is_string($seconds) && is_numeric($seconds))) {
            throw new \TypeError(sprintf('A lock\'s $seconds must be a number of seconds (int, float or numeric string), %s given',
                get_debug_type($seconds)));
        }
        $seconds = (float) $seconds;
        if (is_nan($seconds)) {
            throw new \ValueError('A lock\'s $seconds must be a number of seconds, NaN given');
        }

        return min(self::MAX_SECONDS, $seconds);
    }

    /**
     * Attempt to acquire the lock, once, without waiting (a caller that does not
     * wait never gets ahead of one that does).
     *
     * @return bool
     */
    public function acquire()
    {
        return $this->take(0.0, $this->heldToRelease);
    }

    /**
     * Acquire the lock once, without waiting; with $callback, run it and
     * release the lock, also when it throws (such a lock is leased: this
     * process releases it).
     *
     * @param  callable|null  $callback
     * @return mixed
     */
    public function get($callback = null)
    {
        if (!is_callable($callback)) {
            return $this->acquire();
        }
        if (!$this->take(0.0, true)) {
            return false;
        }
        try {
            return $callback();
        } finally {
            $this->release();
        }
    }

    /**
     * Wait up to $seconds for the lock on the server (no polling), then run
     * $callback and release the lock, also when $callback throws.
     *
     * @param  int|float|string|null  $seconds  0 or less: one try; beyond MAX_SECONDS: MAX_SECONDS
     * @param  callable|null  $callback
     * @return mixed
     *
     * @throws \Illuminate\Contracts\Cache\LockTimeoutException
     */
    public function block($seconds, $callback = null)
    {
        $timeout = max(0.0, self::seconds($seconds));
        if (!$this->take($timeout, $this->heldToRelease || is_callable($callback))) {
            throw new LockTimeoutException;
        }

        if (is_callable($callback)) {
            try {
                return $callback();
            } finally {
                $this->release();
            }
        }

        return true;
    }

    /**
     * Release the lock if it still holds this lock's token (whoever calls: a
     * restored lock releases it as well as the one that took it).
     *
     * @return bool
     */
    public function release()
    {
        if (!is_string($this->owner) || $this->owner === '') {
            return false;
        }
        if ($this->leased) {
            // Through the object that renews it, which ends the renewal.
            $this->leased = false;

            return $this->leases->release($this->name, $this->owner);
        }

        return $this->redis->releaseLock($this->name, $this->owner);
    }

    /**
     * Release the lock whoever holds it (forceUnlock: the next waiter is woken).
     * The holder is not told; its own release() then returns false.
     *
     * @return void
     */
    public function forceRelease()
    {
        // A lease of this object is released by the object renewing it, which
        // ends the renewal (and, had it lapsed, lets whoever holds it now be
        // removed below). Releasing it wakes the next waiter: removing the lock
        // after that would remove that waiter's.
        if ($this->leased) {
            $this->leased = false;
            if (is_string($this->owner) && $this->leases->release($this->name, $this->owner)) {
                return;
            }
        }
        $this->redis->forceUnlock($this->name);
    }

    /**
     * Give the lock, while it still holds this lock's token, a new lifetime of
     * $seconds from now (0 or less: the long finite one, as 0 means "no expiry" in
     * Laravel). Without $seconds, the lock's own lifetime, the one it was
     * acquired with; a restored lock does not know that one (restoreLock() only
     * carries the owner), so it leaves the hold's expiry as it is and returns
     * whether the owner still holds it: a refresh never makes a lock long-lived
     * unless asked to.
     *
     * @param  int|float|string|null  $seconds  beyond MAX_SECONDS: MAX_SECONDS
     */
    public function refresh($seconds = null): bool
    {
        $seconds = $seconds === null ? null : self::seconds($seconds);
        if (!is_string($this->owner) || $this->owner === '') {
            return false;
        }
        if ($this->leased) {
            // Renewed on, until the new lifetime from now.
            return $this->leases->extend($this->name, $this->owner,
                $seconds === null ? $this->lifetime() : ($seconds > 0 ? $seconds : $this->foreverSeconds));
        }
        if ($seconds === null) {
            if ($this->lifetimeUnknown) {
                return $this->redis->holdsLock($this->name, $this->owner);
            }

            return $this->redis->extendLock($this->name, $this->owner, $this->lifetime());
        }

        return $this->redis->extendLock($this->name, $this->owner, $seconds > 0 ? $seconds : $this->foreverSeconds);
    }

    /**
     * What Laravel calls the owner value written into the driver. The extension
     * has no call that reads a lock's token (on purpose: a token read by anyone
     * would let anyone release the lock), only holdsLock($name, $token) and
     * isLocked($name), neither with a side effect. So this returns our owner when
     * Redis holds the lock under it, null when nobody holds it, and OTHER_OWNER
     * (never a token) when someone else does, whose token is not disclosed.
     * Laravel compares the result with an owner or with null, for both of which
     * this is exact.
     *
     * @return string|null
     */
    protected function getCurrentOwner()
    {
        if ($this->isOwnedByCurrentProcess()) {
            return $this->owner;
        }

        return $this->redis->isLocked($this->name) ? self::OTHER_OWNER : null;
    }

    /**
     * Whether anyone holds the lock (Laravel 13's Lock::isLocked()).
     */
    public function isLocked(): bool
    {
        return $this->redis->isLocked($this->name);
    }

    /**
     * Whether Redis holds the lock under this lock's owner (its token). Public, as
     * in later Laravel versions.
     *
     * @return bool
     */
    public function isOwnedByCurrentProcess()
    {
        return $this->isOwnedBy($this->owner);
    }

    /**
     * Whether the lock is held under $owner (a token), with no side effect. As in
     * Laravel's Lock, null asks whether nobody holds it.
     *
     * @param  string|null  $owner
     */
    public function isOwnedBy($owner): bool
    {
        if ($owner === null) {
            return !$this->redis->isLocked($this->name);
        }
        if (!is_string($owner) || $owner === '') {
            return false;
        }
        return $this->redis->holdsLock($this->name, $owner);
    }

    /**
     * The name of the connection the lock's \RedisLock was made from, as given to
     * LockProvider (Laravel: the cache store's lock_connection).
     *
     * @return string|null
     */
    public function getConnectionName()
    {
        return $this->connectionName;
    }

    /**
     * The fencing number of this holder: greater than the numbers of all earlier
     * holders of the name that drew one. Drawn on the first call, in one round
     * trip, while the lock is still held, and kept in the owner from then on: the
     * owner becomes "<fencing number>:<random hex>", so (int) $lock->owner() is
     * the number. The old owner still names the lock (the random part does), so
     * an owner handed on before this call still releases it. Null when the lock
     * is not held (before acquisition, or lost before the first call), and under
     * Redlock (no common counter).
     */
    public function fencingToken(): ?int
    {
        if (!is_string($this->owner) || $this->owner === '') {
            return null;
        }
        if (preg_match('/^(\d+):[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $this->owner, $m)) {
            return (int) $m[1];
        }
        try {
            $fenced = $this->redis->fenceLock($this->name, $this->owner);
        } catch (\BadMethodCallException $e) {
            return null;   // Redlock
        }
        if ($fenced === false) {
            return null;
        }
        $this->owner = $fenced;

        return (int) $fenced;
    }

    /** Whether this object holds the lock under a lease (see Leases). */
    public function isLeased(): bool
    {
        return $this->leased;
    }

    /** The seconds of the lease this lock is held under when it is leased; null: no leases. */
    public function lease(): ?float
    {
        return $this->leases === null ? null : $this->leases->lease();
    }

    /**
     * @param  bool  $leased  this process will release what it takes: hold it under
     *         a lease when the provider has leases and the lifetime is longer than one
     */
    private function take(float $timeout, bool $leased): bool
    {
        // Unfenced: one SET NX PX when the name is free, as Laravel's own lock;
        // fencingToken() draws the number if it is ever asked for. A lease is the
        // same acquisition, whose hold the watchdog renews up to the lifetime.
        $leased = $leased && $this->leases !== null && $this->lifetime() > $this->leases->lease();
        $token = $leased
            ? $this->leases->take($this->name, $this->lifetime(), $timeout)
            : $this->redis->addLock($this->name, $this->lifetime(), $timeout, fenced: false);
        if ($token === false) {
            return false;
        }
        $this->owner = $token;
        $this->leased = $leased;
        $this->lifetimeUnknown = false;

        return true;
    }
}
