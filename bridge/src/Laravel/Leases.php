<?php

namespace RedisLock\Bridge\Laravel;

/**
 * The watchdog leases of a LockProvider: one \RedisLock (with the extension's
 * "watchdog" option) whose thread renews the locks this process will release
 * itself.
 *
 * A leased lock is a token hold like any other (its owner is its token), taken
 * with addLock(..., watch: true): it lives $lease seconds and is renewed while
 * this process lives, so a killed holder's lock lapses within one lease. It is
 * still gone by the lifetime the framework asked for: the renewals stop there
 * (the watchdog's last renewals give only what is left), so a live holder keeps
 * it exactly that long, as without leases. The object is made when first needed
 * and connects on first use; it is never dropped while locks may be leased, as
 * its end ends their renewal.
 */
final class Leases
{
    /** The watchdog's bounds for a lease, in seconds. */
    public const MIN_LEASE = \RedisLock::WATCHDOG_MIN_LEASE;
    public const MAX_LEASE = \RedisLock::WATCHDOG_MAX_LEASE;

    /** @var float */
    private $lease;

    /** @var \Closure(array): \RedisLock */
    private $connect;

    /** @var \RedisLock|null  the object renewing the leases, made on first use */
    private $redis;

    /**
     * @param  float  $lease  seconds, between MIN_LEASE and MAX_LEASE
     * @param  callable(array): \RedisLock  $connect  a \RedisLock of the provider's connection
     *         with the given "watchdog" option (['lease' => ...])
     *
     * @throws \ValueError  when $lease is out of bounds
     */
    public function __construct(float $lease, callable $connect)
    {
        if (!($lease >= self::MIN_LEASE && $lease <= self::MAX_LEASE)) {
            throw new \ValueError(sprintf('$lease must be a number of seconds between %s and %s', self::MIN_LEASE, self::MAX_LEASE));
        }
        $this->lease = $lease;
        $this->connect = \Closure::fromCallable($connect);
    }

    public function lease(): float
    {
        return $this->lease;
    }

    /** The \RedisLock whose watchdog renews the leases (and which releases them). */
    public function redis(): \RedisLock
    {
        return $this->redis ??= ($this->connect)(['lease' => $this->lease]);
    }

    /**
     * Take $name for $lifetime seconds under a lease, waiting up to $timeout on the
     * server: its token, or false when it is held. A lifetime of one lease or less
     * is a plain hold of that lifetime (the first lease would be all of it).
     */
    public function take(string $name, float $lifetime, float $timeout): string|false
    {
        return $this->redis()->addLock($name, $lifetime, $timeout, fenced: false, watch: true);
    }

    /** Release the leased hold of $name under $token, ending its renewal. */
    public function release(string $name, string $token): bool
    {
        return $this->redis()->releaseLock($name, $token);
    }

    /** Renew the leased hold of $name under $token until $lifetime seconds from now (a new bound). */
    public function extend(string $name, string $token, float $lifetime): bool
    {
        return $this->redis()->watchLock($name, $token, $lifetime);
    }

    /** The connection is not shown: its options may carry a password. */
    public function __debugInfo(): array
    {
        return ['lease' => $this->lease, 'connected' => $this->redis !== null];
    }
}
