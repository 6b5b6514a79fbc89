<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony;

use Symfony\Component\Lock\BlockingSharedLockStoreInterface;
use Symfony\Component\Lock\BlockingStoreInterface;
use Symfony\Component\Lock\Exception\InvalidTtlException;
use Symfony\Component\Lock\Exception\LockAcquiringException;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Exception\LockExpiredException;
use Symfony\Component\Lock\Exception\LockReleasingException;
use Symfony\Component\Lock\Exception\LockStorageException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\PersistingStoreInterface;
use Symfony\Component\Lock\SharedLockStoreInterface;

/**
 * A symfony/lock store on the redislock extension.
 *
 *     $factory = new LockFactory(new RedisLockStore(new \RedisLock('redis://127.0.0.1:6379')));
 *     $lock = $factory->createLock('invoice:42', ttl: 30);
 *     $lock->acquire(true);        // waits on the server, woken by the release: no polling
 *
 * What it adds to symfony's own RedisStore:
 * - acquire(true) and acquireRead(true) wait on the Redis server (BLPOP on a wake-up
 *   list of their own), first come first served, and are woken by the release;
 *   symfony's Lock would otherwise retry save() every 100 ms;
 * - fencing numbers: fencingToken($key) gives an exclusive hold a number greater
 *   than those of all earlier holders of the resource that drew one (drawn on the
 *   first call: a hold that never asks pays nothing for it);
 * - a shared (read) hold is promoted or demoted in one atomic step, and a waiting
 *   writer keeps later readers out.
 *
 * The hold's token lives in the Key's state under this class's name: a Key, or a
 * Lock's Key serialized into a session or a message, can be released or checked
 * from another process with a store on the same server.
 *
 * Lifetimes: save() takes the resource for $initialTtl seconds (300 by default, as
 * symfony's RedisStore), shortened to the Key's remaining lifetime when it has one;
 * symfony's Lock then calls putOffExpiration() with its own ttl. The Key's
 * expiring time is always set before Redis is asked, so it never says later than
 * the hold really ends in Redis.
 *
 * Under Redlock (the extension's "redlock" option) the extension has no shared
 * holds: saveRead() and waitAndSaveRead() then take the resource exclusively, as
 * symfony's Lock does for a store without read locks, and fencingToken() is null.
 *
 * Leases: on a \RedisLock with the "watchdog" option, a Key's hold is renewed by the
 * extension's thread while this process lives (\RedisLock::watchLock()), to the
 * watchdog's lease, and never past the Key's lifetime: it lapses within one lease
 * after the process dies (SIGKILL included), at the Key's expiry if nobody
 * refreshes it, and is released by delete(), symfony's auto-release, or lapses
 * within a lease after the end of the \RedisLock. refresh() moves the bound as it
 * moves the Key's expiry. A Key serialized leaves the process (a DeduplicateStamp
 * in a message, a session), and may be released by another: its hold then keeps
 * the lifetime the Key has left, as without leases.
 */
final class RedisLockStore implements BlockingSharedLockStoreInterface, BlockingStoreInterface, SharedLockStoreInterface, PersistingStoreInterface
{
    /** The largest timeout the extension accepts: 1e9 s, about 31 years. */
    private const FOREVER = \RedisLock::MAX_SECONDS;

    private \RedisLock $redis;
    private float $initialTtl;
    private float $waitTimeout;
    private bool $sharedSupported = true;
    /** Whether the \RedisLock has the watchdog (Keys then get leases); null until the first acquisition tells. */
    private ?bool $leases = null;

    /**
     * @param float $initialTtl  lifetime in seconds of a hold taken by save() and friends, until putOffExpiration()
     * @param float $waitTimeout how long waitAndSave()/waitAndSaveRead() wait on the server before giving up with
     *                           LockConflictedException; by default as long as the extension allows (1e9 s)
     */
    public function __construct(\RedisLock $redis, float $initialTtl = 300.0, float $waitTimeout = self::FOREVER)
    {
        if (!($initialTtl > 0) || $initialTtl > self::FOREVER) {
            throw new InvalidTtlException(sprintf('"%s()" expects a strictly positive TTL of at most 1e9 seconds. Got %s.', __METHOD__, $initialTtl));
        }
        if (!($waitTimeout >= 0) || $waitTimeout > self::FOREVER) {
            throw new \InvalidArgumentException(sprintf('"%s()" expects a wait timeout between 0 and 1e9 seconds. Got %s.', __METHOD__, $waitTimeout));
        }
        $this->redis = $redis;
        $this->initialTtl = $initialTtl;
        $this->waitTimeout = $waitTimeout;
    }

    public function save(Key $key): void
    {
        $this->acquire($key, false, 0.0);
    }

    public function waitAndSave(Key $key): void
    {
        $this->acquire($key, false, $this->waitTimeout);
    }

    public function saveRead(Key $key): void
    {
        $this->acquire($key, true, 0.0);
    }

    public function waitAndSaveRead(Key $key): void
    {
        $this->acquire($key, true, $this->waitTimeout);
    }

    public function putOffExpiration(Key $key, float $ttl): void
    {
        $key->reduceLifetime($ttl);
        $this->checkNotExpired($key);
        $token = $this->token($key);
        if ($token === null) {
            throw new LockConflictedException();
        }
        try {
            $extended = $this->renew($key, $token);
        } catch (\RedisLockException $e) {
            throw new LockStorageException($e->getMessage(), 0, $e);
        }
        if (!$extended) {
            $key->removeState(self::class);
            throw new LockConflictedException();
        }
        $this->checkNotExpired($key);
    }

    public function delete(Key $key): void
    {
        $token = $this->token($key);
        if ($token === null) {
            return;
        }
        try {
            // A lease through the object that renews it, which ends the renewal.
            ($this->watcher($key) ?? $this->redis)->releaseLock((string) $key, $token);
        } catch (\RedisLockException $e) {
            throw new LockReleasingException($e->getMessage(), 0, $e);
        }
        $key->removeState(self::class);
    }

    public function exists(Key $key): bool
    {
        $token = $this->token($key);
        if ($token === null) {
            return false;
        }
        try {
            return $this->redis->holdsLock((string) $key, $token);
        } catch (\RedisLockException $e) {
            throw new LockStorageException($e->getMessage(), 0, $e);
        }
    }

    /**
     * The fencing number of the Key's exclusive hold: strictly greater than the number
     * of every earlier exclusive holder of the resource that drew one. Pass it to the
     * storage you write to, and let it refuse a number lower than the last one it
     * saw: that protects the data when the hold expired while its owner was paused.
     *
     * The first call draws the number, in one round trip, while the hold is still
     * there, and keeps it in the Key's state (a copy of the Key serialized before
     * still releases the hold: its random part names it). Later calls answer from
     * the Key alone, without asking Redis whether the hold is still there: a stale
     * number is exactly what the storage's check refuses. A hold that never asks
     * pays nothing for fencing.
     *
     * Null when the Key holds nothing through this store, holds it shared (numbers
     * order writers), or under Redlock (independent servers have no common counter).
     */
    public function fencingToken(Key $key): ?int
    {
        $token = $this->token($key);
        if ($token === null || $this->isShared($token)) {
            return null;
        }
        if (!preg_match('/^(\d+):/', $token, $m)) {
            try {
                $fenced = $this->redis->fenceLock((string) $key, $token);
            } catch (\BadMethodCallException $e) {
                return null;   // Redlock
            } catch (\RedisLockException $e) {
                throw new LockStorageException($e->getMessage(), 0, $e);
            }
            if ($fenced === false) {
                $key->removeState(self::class);
                return null;
            }
            // The same hold under a longer name: a lease's watch goes on.
            $this->setToken($key, $fenced, $this->leased($key));
            $token = $fenced;
            preg_match('/^(\d+):/', $token, $m);
        }
        return (int) $m[1];
    }

    /**
     * Takes, renews, promotes or demotes the Key's hold: $shared says the kind wanted,
     * $timeout how long to wait on the server (0: not at all).
     */
    private function acquire(Key $key, bool $shared, float $timeout): void
    {
        if ($shared && !$this->sharedSupported) {
            $shared = false;
        }
        $name = (string) $key;
        $start = microtime(true);
        $deadline = $key->getRemainingLifetime();
        $deadline = $deadline === null ? null : $start + $deadline;
        $key->reduceLifetime($this->initialTtl);
        $this->checkNotExpired($key);
        $ttl = $this->remaining($key);
        $token = $this->token($key);
        $leased = $this->leased($key);

        try {
            $new = false;
            if ($token !== null) {
                if ($this->isShared($token) === $shared) {
                    // Already of that kind: a new lifetime (a lease: a new bound).
                    $new = $this->renew($key, $token) ? $token : false;
                } else {
                    // A promotion (waiting up to $timeout to be the only holder) or a demotion (at once).
                    $via = $this->watcher($key) ?? $this->redis;
                    $new = $via->convertLock($name, $token, $shared, $shared ? 0.0 : $timeout, $ttl);
                    if ($new !== false && $leased && !$via->watchLock($name, $new, $ttl)) {
                        $new = false;
                    }
                }
                if ($new === false && $this->redis->holdsLock($name, $token)) {
                    // Not converted, but still held as it was: another holder is in the way.
                    throw new LockConflictedException();
                }
            }
            if ($new === false) {
                // No hold, or the Key's hold lapsed: a fresh acquisition.
                $key->removeState(self::class);
                [$new, $leased] = $this->addLock($name, $ttl, $timeout, $shared);
            }
        } catch (\RedisLockException $e) {
            throw new LockAcquiringException($e->getMessage(), 0, $e);
        }
        if ($new === false) {
            throw new LockConflictedException();
        }
        $this->setToken($key, $new, $leased);

        // After a wait, the hold's lifetime started when it was granted, not when we
        // asked: when the wait took a noticeable part of the lifetime, start it again
        // from now, so that the Key's expiring time is right and not too early.
        $waited = microtime(true) - $start;
        if ($timeout > 0 && $waited > 0.01 * $ttl) {
            $key->resetLifetime();
            if ($deadline !== null) {
                $key->reduceLifetime($deadline - microtime(true));
            }
            $key->reduceLifetime($this->initialTtl);
            $this->checkNotExpired($key);
            try {
                $extended = $this->renew($key, $new);
            } catch (\RedisLockException $e) {
                throw new LockAcquiringException($e->getMessage(), 0, $e);
            }
            if (!$extended) {
                $key->removeState(self::class);
                throw new LockConflictedException();
            }
        }
        $this->checkNotExpired($key);
    }

    /**
     * addLock(): with a lease when the \RedisLock has the watchdog (asked once: the
     * extension refuses a watch without it before sending anything), taking the
     * resource exclusively when the extension has no shared holds here (Redlock).
     * Returns the token or false, and whether it is a lease.
     *
     * @return array{0: string|false, 1: bool}
     */
    private function addLock(string $name, float $ttl, float $timeout, bool $shared): array
    {
        if ($this->leases !== false) {
            try {
                $token = $this->addLockOfKind($name, $ttl, $timeout, $shared, true);
                $this->leases = true;
                return [$token, true];
            } catch (\BadMethodCallException $e) {
                if (!str_contains($e->getMessage(), '"watchdog" option')) {
                    throw $e;
                }
                $this->leases = false;
            }
        }
        return [$this->addLockOfKind($name, $ttl, $timeout, $shared, false), false];
    }

    private function addLockOfKind(string $name, float $ttl, float $timeout, bool $shared, bool $watch): string|false
    {
        if ($shared && $this->sharedSupported) {
            try {
                return $this->redis->addLock($name, $ttl, $timeout, true, watch: $watch);
            } catch (\BadMethodCallException $e) {
                if (!str_contains($e->getMessage(), 'not available with redlock')) {
                    throw $e;
                }
                $this->sharedSupported = false;
            }
        }
        // Unfenced: one SET NX PX when the resource is free; fencingToken() draws
        // the number if it is ever asked for.
        return $this->redis->addLock($name, $ttl, $timeout, false, fenced: false, watch: $watch);
    }

    /** A new lifetime for the Key's hold, the Key's remaining one: a lease gets it as its new bound. */
    private function renew(Key $key, string $token): bool
    {
        $watcher = $this->watcher($key);

        return $watcher !== null
            ? $watcher->watchLock((string) $key, $token, $this->remaining($key))
            : $this->redis->extendLock((string) $key, $token, $this->remaining($key));
    }

    private function setToken(Key $key, string $token, bool $leased): void
    {
        $watcher = $leased ? ($this->watcher($key) ?? $this->redis) : null;
        $key->setState(self::class, $watcher !== null ? new LeaseToken($token, $watcher, (string) $key, $key) : $token);
    }

    private function token(Key $key): ?string
    {
        $state = $key->hasState(self::class) ? $key->getState(self::class) : null;
        return match (true) {
            is_string($state) => $state,
            $state instanceof LeaseToken => $state->token(),
            default => null,
        };
    }

    /** Whether the Key's hold is a lease this process's watchdog renews. */
    private function leased(Key $key): bool
    {
        return $this->watcher($key) !== null;
    }

    /** The \RedisLock renewing the Key's lease (a Key may meet another store of this process), or null. */
    private function watcher(Key $key): ?\RedisLock
    {
        $state = $key->hasState(self::class) ? $key->getState(self::class) : null;
        return $state instanceof LeaseToken ? $state->watcher() : null;
    }

    private function isShared(string $token): bool
    {
        return str_starts_with($token, 'shared:');
    }

    /** The Key's remaining lifetime in seconds, as a lifetime the extension accepts. */
    private function remaining(Key $key): float
    {
        return min(self::FOREVER, max(0.001, (float) $key->getRemainingLifetime()));
    }

    /** As symfony's ExpiringStoreTrait: an expired Key's hold is released, and the caller told. */
    private function checkNotExpired(Key $key): void
    {
        if ($key->isExpired()) {
            try {
                $this->delete($key);
            } catch (\Exception $e) {
                // swallowed so as not to hide the expiry
            }
            throw new LockExpiredException(sprintf('Failed to store the "%s" lock.', $key));
        }
    }
}
