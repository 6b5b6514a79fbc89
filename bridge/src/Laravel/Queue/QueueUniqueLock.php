<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use Illuminate\Cache\Lock;

/**
 * A job's unique lock when the queue decides the uniqueness (QueueUniqueStore):
 * acquired and released without a call. The queue's submit() is what refuses a
 * second dispatch, and the job's end is what frees it.
 *
 * @internal
 */
final class QueueUniqueLock extends Lock
{
    public function acquire()
    {
        return true;
    }

    public function release()
    {
        return true;
    }

    public function forceRelease()
    {
    }

    protected function getCurrentOwner()
    {
        return $this->owner;
    }
}
