<?php

namespace RedisLock\Bridge\Laravel;

/*
 * Laravel 13's Illuminate\Contracts\Cache\CanFlushLocks (Cache::flushLocks(),
 * cache:clear --locks), for LockStore to implement where it exists. Earlier
 * versions have no such interface, and a class that implements a missing
 * interface cannot load: there this one extends nothing, and LockStore's
 * flushLocks() is a method like any other.
 */
if (interface_exists(\Illuminate\Contracts\Cache\CanFlushLocks::class)) {
    interface FlushesLocks extends \Illuminate\Contracts\Cache\CanFlushLocks
    {
    }
} else {
    interface FlushesLocks
    {
        public function flushLocks(): bool;

        public function hasSeparateLockStore(): bool;
    }
}
