<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony;

use Symfony\Component\Lock\Exception\UnserializableKeyException;

/**
 * The state RedisLockStore keeps in a Key whose hold is a lease: the \RedisLock
 * object's own hold of the name, renewed by the extension's watchdog while this
 * process lives. Its identity tells this Key's hold from another Key's of the
 * same name; it carries no token, so it cannot travel to another process.
 *
 * @internal
 */
final class LeaseHold
{
    public function __construct(public readonly bool $shared)
    {
    }

    /** A lease lives and dies with its process: another process could neither check nor release it. */
    public function __serialize(): array
    {
        throw new UnserializableKeyException('The key holds a lease of this process (a RedisLockStore on a \RedisLock with the "watchdog" option) and cannot be serialized; use a store without the watchdog for locks that another process checks or releases.');
    }

    public function __unserialize(array $data): void
    {
        throw new UnserializableKeyException('A lease of another process cannot be unserialized.');
    }
}
