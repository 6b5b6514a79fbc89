<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony;

use Symfony\Component\Lock\Exception\LockStorageException;
use Symfony\Component\Lock\Key;

/**
 * The state RedisLockStore keeps in a Key whose hold is a lease: the hold's token,
 * and while the hold is renewed by this process's watchdog (\RedisLock::watchLock()),
 * the \RedisLock doing it.
 *
 * A Key that is serialized leaves this process (a message's DeduplicateStamp, a
 * session): the process that releases it may be another one, and this one may end
 * first. So serializing it ends the lease: the hold is given the lifetime the Key
 * has left, as a hold of a store without leases has, and the serialized Key carries
 * the token, which releases and checks the hold from anywhere.
 *
 * @internal
 */
final class LeaseToken
{
    /** The Key, to read its remaining lifetime when it is serialized; null once it travelled. */
    private ?\WeakReference $key;

    public function __construct(
        private string $token,
        private ?\RedisLock $redis,
        private string $name,
        Key $key,
    ) {
        $this->key = \WeakReference::create($key);
    }

    public function token(): string
    {
        return $this->token;
    }

    /** Whether this process's watchdog renews the hold. */
    public function leased(): bool
    {
        return $this->redis !== null;
    }

    /** The \RedisLock whose watchdog renews the hold (null once the Key travelled): the one to renew and release it with. */
    public function watcher(): ?\RedisLock
    {
        return $this->redis;
    }

    public function __serialize(): array
    {
        if ($this->redis !== null) {
            $left = $this->key?->get()?->getRemainingLifetime();
            try {
                // Ends the watch: from now on the hold lives as long as the Key says.
                $this->redis->extendLock($this->name, $this->token, min(\RedisLock::MAX_SECONDS, max(0.001, $left ?? 0.001)));
            } catch (\RedisLockException $e) {
                throw new LockStorageException(sprintf('The lease of the "%s" lock could not be ended before the key left this process: %s', $this->name, $e->getMessage()), 0, $e);
            }
            $this->redis = null;
        }
        return ['token' => $this->token, 'name' => $this->name];
    }

    public function __unserialize(array $data): void
    {
        $this->token = (string) ($data['token'] ?? '');
        $this->name = (string) ($data['name'] ?? '');
        $this->redis = null;
        $this->key = null;
    }
}
