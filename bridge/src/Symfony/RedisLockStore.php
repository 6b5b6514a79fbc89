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
 * Leases: on a \RedisLock with the "watchdog" option, a Key's hold is the object's
 * own (lock(), lockShared()), which the extension's thread renews to its lease
 * while this process lives: it lapses within one lease after the process dies
 * (SIGKILL included), whatever ttl symfony asked for, and is released by
 * delete(), symfony's auto-release, or the end of the object. The Key's ttl is
 * still the holder's: isExpired(), refresh() and getRemainingLifetime() read it,
 * and a call on an expired Key releases the hold. Such a hold belongs to this
 * process: its Key cannot be serialized (UnserializableKeyException), and a
 * second Key of the same resource in this process, while the first holds it,
 * gets a token hold of the usual kind.
 */
final class RedisLockStore implements BlockingSharedLockStoreInterface, BlockingStoreInterface, SharedLockStoreInterface, PersistingStoreInterface
{
    /** The largest timeout the extension accepts: 1e9 s, about 31 years. */
    private const FOREVER = 1e9;

    private \RedisLock $redis;
    private float $initialTtl;
    private float $waitTimeout;
    private bool $sharedSupported = true;
    /** Whether the \RedisLock renews its own holds (the "watchdog" option): Keys then get leases. */
    private bool $leases;

    /**
     * Per \RedisLock object, the Key holding each name through the object's own hold:
     * an object holds a name once, whichever store it is given to.
     *
     * @var \WeakMap<\RedisLock, \ArrayObject<string, LeaseHold>>|null
     */
    private static ?\WeakMap $leaseHolders = null;

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
        $this->leases = self::watchdogOf($redis);
    }

    /**
     * Whether the \RedisLock was built with the "watchdog" option. The extension
     * shows its settings only in the object's debug view, where "watchdog" appears
     * exactly when the option is on.
     */
    private static function watchdogOf(\RedisLock $redis): bool
    {
        return (bool) preg_match('/^    \[watchdog\] => Array$/m', print_r($redis, true));
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
        if (($lease = $this->lease($key)) !== null) {
            // The watchdog keeps the hold; the Key's new ttl is the holder's to check.
            if (!$this->leaseHeld($key, $lease, LockStorageException::class)) {
                throw new LockConflictedException();
            }
            $this->checkNotExpired($key);
            return;
        }
        $token = $this->token($key);
        if ($token === null) {
            throw new LockConflictedException();
        }
        try {
            $extended = $this->redis->extendLock((string) $key, $token, $this->remaining($key));
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
        if (($lease = $this->lease($key)) !== null) {
            $holders = $this->leaseHolders();
            if (($holders[(string) $key] ?? null) === $lease) {
                try {
                    $this->redis->unlock((string) $key);
                } catch (\RedisLockException $e) {
                    throw new LockReleasingException($e->getMessage(), 0, $e);
                }
                unset($holders[(string) $key]);
            }
            $key->removeState(self::class);
            return;
        }
        $token = $this->token($key);
        if ($token === null) {
            return;
        }
        try {
            $this->redis->releaseLock((string) $key, $token);
        } catch (\RedisLockException $e) {
            throw new LockReleasingException($e->getMessage(), 0, $e);
        }
        $key->removeState(self::class);
    }

    public function exists(Key $key): bool
    {
        if (($lease = $this->lease($key)) !== null) {
            return $this->leaseHeld($key, $lease, LockStorageException::class);
        }
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
        if (($lease = $this->lease($key)) !== null) {
            if ($lease->shared || !$this->leaseHeld($key, $lease, LockStorageException::class)) {
                return null;
            }
            try {
                return $this->redis->fencingToken((string) $key);
            } catch (\RedisLockException $e) {
                throw new LockStorageException($e->getMessage(), 0, $e);
            }
        }
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
            $key->setState(self::class, $fenced);
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
        if ($this->leases) {
            $holders = $this->leaseHolders();
            if (($lease = $this->lease($key)) !== null && ($holders[$name] ?? null) !== $lease) {
                // A lease of an earlier hold, released or lapsed since: start afresh.
                $key->removeState(self::class);
                $lease = null;
            }
            if ($lease !== null || !isset($holders[$name])) {
                $this->acquireLease($key, $lease, $shared, $timeout);
                return;
            }
            // The object holds the name for another Key of this process: a token hold.
        }
        $start = microtime(true);
        $deadline = $key->getRemainingLifetime();
        $deadline = $deadline === null ? null : $start + $deadline;
        $key->reduceLifetime($this->initialTtl);
        $this->checkNotExpired($key);
        $ttl = $this->remaining($key);
        $token = $this->token($key);

        try {
            $new = false;
            if ($token !== null) {
                if ($this->isShared($token) === $shared) {
                    // Already of that kind: a new lifetime.
                    $new = $this->redis->extendLock($name, $token, $ttl) ? $token : false;
                } else {
                    // A promotion (waiting up to $timeout to be the only holder) or a demotion (at once).
                    $new = $this->redis->convertLock($name, $token, $shared, $shared ? 0.0 : $timeout, $ttl);
                }
                if ($new === false && $this->redis->holdsLock($name, $token)) {
                    // Not converted, but still held as it was: another holder is in the way.
                    throw new LockConflictedException();
                }
            }
            if ($new === false) {
                // No hold, or the Key's hold lapsed: a fresh acquisition.
                $key->removeState(self::class);
                $new = $this->addLock($name, $ttl, $timeout, $shared);
            }
        } catch (\RedisLockException $e) {
            throw new LockAcquiringException($e->getMessage(), 0, $e);
        }
        if ($new === false) {
            throw new LockConflictedException();
        }
        $key->setState(self::class, $new);

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
                $extended = $this->redis->extendLock($name, $new, $this->remaining($key));
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

    /** addLock(), taking the resource exclusively when the extension has no shared holds here (Redlock). */
    private function addLock(string $name, float $ttl, float $timeout, bool $shared): string|false
    {
        if ($shared) {
            try {
                return $this->redis->addLock($name, $ttl, $timeout, true);
            } catch (\BadMethodCallException $e) {
                $this->sharedSupported = false;
            }
        }
        // Unfenced: one SET NX PX when the resource is free; fencingToken() draws
        // the number if it is ever asked for.
        return $this->redis->addLock($name, $ttl, $timeout, false, fenced: false);
    }

    /**
     * The lease of acquire(): the object's own hold of the name, taken, renewed,
     * promoted or demoted by lock() and lockShared() (the object never waits for
     * itself: a name it holds is converted or renewed). Symfony's Key lifetime is
     * set as for a token hold; the watchdog keeps the hold itself.
     */
    private function acquireLease(Key $key, ?LeaseHold $lease, bool $shared, float $timeout): void
    {
        $name = (string) $key;
        $start = microtime(true);
        $deadline = $key->getRemainingLifetime();
        $deadline = $deadline === null ? null : $start + $deadline;
        $key->reduceLifetime($this->initialTtl);
        $this->checkNotExpired($key);
        try {
            $taken = $shared
                ? $this->redis->lockShared($name, $timeout, $this->remaining($key))
                : $this->redis->lock($name, $timeout, $this->remaining($key));
        } catch (\RedisLockException $e) {
            throw new LockAcquiringException($e->getMessage(), 0, $e);
        }
        if (!$taken) {
            if ($lease !== null && !$this->leaseHeld($key, $lease, LockAcquiringException::class)) {
                // Not converted, and the hold it had is gone too.
                $key->removeState(self::class);
            }
            throw new LockConflictedException();
        }
        $lease = new LeaseHold($shared);
        $this->leaseHolders()[$name] = $lease;
        $key->setState(self::class, $lease);
        if ($timeout > 0 && microtime(true) - $start > 0.01 * $this->initialTtl) {
            // As for a token hold: the Key's lifetime starts when the hold was granted.
            $key->resetLifetime();
            if ($deadline !== null) {
                $key->reduceLifetime($deadline - microtime(true));
            }
            $key->reduceLifetime($this->initialTtl);
        }
        $this->checkNotExpired($key);
    }

    /** Whether the Key's lease is still the object's hold of its name (one round trip). */
    private function leaseHeld(Key $key, LeaseHold $lease, string $failure): bool
    {
        $name = (string) $key;
        $holders = $this->leaseHolders();
        if (($holders[$name] ?? null) !== $lease) {
            $key->removeState(self::class);
            return false;
        }
        try {
            $held = $this->redis->isLocking($name);
        } catch (\RedisLockException $e) {
            throw new $failure($e->getMessage(), 0, $e);
        }
        if (!$held) {
            // Lapsed (a stall longer than the lease, or a forced unlock): not ours any more.
            unset($holders[$name]);
            $key->removeState(self::class);
        }
        return $held;
    }

    private function lease(Key $key): ?LeaseHold
    {
        $state = $key->hasState(self::class) ? $key->getState(self::class) : null;
        return $state instanceof LeaseHold ? $state : null;
    }

    /** @return \ArrayObject<string, LeaseHold> */
    private function leaseHolders(): \ArrayObject
    {
        self::$leaseHolders ??= new \WeakMap();
        return self::$leaseHolders[$this->redis] ??= new \ArrayObject();
    }

    private function token(Key $key): ?string
    {
        $state = $key->hasState(self::class) ? $key->getState(self::class) : null;
        return is_string($state) ? $state : null;
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
