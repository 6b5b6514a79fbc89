<?php

namespace RedisLock\Bridge\Laravel\Scheduling;

use Illuminate\Console\Scheduling\CacheEventMutex;
use Illuminate\Console\Scheduling\Event;
use RedisLock\Bridge\Laravel\LockStore;

/**
 * The scheduler's withoutOverlapping() mutex (Laravel's EventMutex contract,
 * which Schedule takes from the container when it is bound; the service
 * provider binds this class), deciding per event who releases it:
 *
 * - an event run in the foreground is released by the schedule:run process that
 *   took its mutex, once the event is done: a lock of that process
 *   (LockProvider::lockReleasedByHolder()), held under the watchdog's lease when
 *   the store has leases, so a schedule:run killed in the task frees it within
 *   one lease, not after the event's expiresAt minutes;
 * - an event run in the background is released by schedule:finish, another
 *   process: a plain lock of expiresAt minutes, as before.
 *
 * forget() releases a mutex this process created only under the token it took
 * it with: a schedule:run frozen past its lease (SIGSTOP, a suspended machine)
 * whose mutex a later run took meanwhile removes nothing when it resumes and
 * ends its task. A mutex this process did not create (schedule:finish ending a
 * background event, schedule:clear-cache) is removed by name, as Laravel does.
 *
 * On a cache store that is not a redislock store it is Laravel's
 * CacheEventMutex, unchanged.
 */
class EventMutex extends CacheEventMutex
{
    /** @var array<string, \RedisLock\Bridge\Laravel\Lock|null>  the mutexes this process took, by mutex name (null: forgotten) */
    private $created = [];

    public function create(Event $event)
    {
        $store = $this->lockStore();
        if ($store === null) {
            return parent::create($event);
        }
        $locks = $store->getLockProvider();
        $seconds = $event->expiresAt * 60;
        $lock = $event->runInBackground
            ? $locks->lock($event->mutexName(), $seconds)
            : $locks->lockReleasedByHolder($event->mutexName(), $seconds);
        if (!$lock->acquire()) {
            return false;
        }
        $this->created[$event->mutexName()] = $lock;

        return true;
    }

    public function exists(Event $event)
    {
        $store = $this->lockStore();

        return $store === null ? parent::exists($event) : $store->getLockProvider()->lock($event->mutexName())->isLocked();
    }

    /**
     * Release the mutex: the one this process took, only while it still holds
     * it (its token); one taken elsewhere, whoever holds it.
     */
    public function forget(Event $event)
    {
        $store = $this->lockStore();
        if ($store === null) {
            parent::forget($event);

            return;
        }
        $name = $event->mutexName();
        if (array_key_exists($name, $this->created)) {
            // Released once (a callback event forgets again at shutdown): not
            // again, and never by name.
            $lock = $this->created[$name];
            $this->created[$name] = null;
            if ($lock !== null) {
                $lock->release();
            }

            return;
        }
        $store->getLockProvider()->lock($name)->forceRelease();
    }

    protected function lockStore(): ?LockStore
    {
        $store = $this->cache->store($this->store)->getStore();

        return $store instanceof LockStore ? $store : null;
    }
}
