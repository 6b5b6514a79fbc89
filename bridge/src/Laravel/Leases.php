<?php

namespace RedisLock\Bridge\Laravel;

/**
 * The watchdog leases of a LockProvider: the \RedisLock objects (with the
 * extension's "watchdog" option) that hold the locks the acquiring process will
 * release itself, and which of those locks this process holds.
 *
 * A leased lock lives $lease seconds and is renewed by the extension's thread
 * while this process lives; a killed holder's lock lapses within one lease. It
 * must still be gone by the lifetime the framework asked for: the renewals of a
 * lock of lifetime T stop at T (the watchdog's max_hold, whose last renewals
 * give only what is left), so a live holder keeps it exactly until T, as
 * without leases. max_hold belongs to a \RedisLock, so there is one object per
 * lifetime asked for (at most MAX_CONNECTIONS; beyond, locks keep their plain
 * lifetime). Each is made when first needed and connects on first use; it is
 * never dropped, as destroying a \RedisLock ends its holds.
 */
final class Leases
{
    /** The watchdog's bounds for a lease, in seconds. */
    public const MIN_LEASE = 0.05;
    public const MAX_LEASE = 3600.0;

    /** How many lifetimes get leased locks in one process. */
    public const MAX_CONNECTIONS = 16;

    /** @var float */
    private $lease;

    /** @var \Closure(array): \RedisLock */
    private $connect;

    /** @var array<string, \RedisLock> max_hold => the object renewing up to it */
    private $connections = [];

    /** @var array<string, \RedisLock> name => the object of this process holding it */
    private $held = [];

    /**
     * @param  float  $lease  seconds, between MIN_LEASE and MAX_LEASE
     * @param  callable(array): \RedisLock  $connect  a \RedisLock of the provider's connection
     *         with the given "watchdog" option (['lease' => ..., 'max_hold' => ...])
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

    /**
     * The \RedisLock to take the lock $name of $lifetime seconds with, under a
     * lease; null when it is to be taken as a plain lock of that lifetime: the
     * lifetime is not longer than a lease, or this process holds $name under a
     * lease already (an object that holds a name takes it again at once, which
     * must not happen to a second lock of this process), or the process has
     * MAX_CONNECTIONS lifetimes already.
     */
    public function connectionFor(string $name, float $lifetime): ?\RedisLock
    {
        if ($lifetime <= $this->lease || $this->holds($name)) {
            return null;
        }
        $maxHold = $lifetime;
        $key = sprintf('%.6F', $maxHold);
        if (!isset($this->connections[$key])) {
            if (count($this->connections) >= self::MAX_CONNECTIONS) {
                return null;
            }
            $this->connections[$key] = ($this->connect)(['lease' => $this->lease, 'max_hold' => $maxHold]);
        }

        return $this->connections[$key];
    }

    /** Record that $redis took $name under a lease. */
    public function taken(string $name, \RedisLock $redis): void
    {
        $this->held[$name] = $redis;
    }

    /** Whether this process holds $name under a lease (one round trip when it did). */
    public function holds(string $name): bool
    {
        if (!isset($this->held[$name])) {
            return false;
        }
        if ($this->held[$name]->isLocking($name)) {
            return true;
        }
        unset($this->held[$name]);   // lapsed; isLocking() made its object forget it

        return false;
    }

    /** The object of this process holding $name under a lease, if any. */
    public function holder(string $name): ?\RedisLock
    {
        return $this->held[$name] ?? null;
    }

    /**
     * Release $name if this process holds it under a lease: true when it was
     * released, false when the hold had lapsed (it is then forgotten), null when
     * this process took no lease on it.
     */
    public function release(string $name): ?bool
    {
        if (!isset($this->held[$name])) {
            return null;
        }
        $redis = $this->held[$name];
        unset($this->held[$name]);

        return $redis->unlock($name);
    }

    /** The connection is not shown: its options may carry a password. */
    public function __debugInfo(): array
    {
        return ['lease' => $this->lease, 'lifetimes' => array_keys($this->connections), 'held' => array_keys($this->held)];
    }
}
