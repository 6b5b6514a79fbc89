<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use Illuminate\Container\Container;

/**
 * For a ShouldBeUnique (or ShouldBeUniqueUntilProcessing) job: on a connection
 * of the redislock driver, its uniqueness is decided by the queue, in the one
 * round trip that queues it (RedisQueue::submit() with the job's unique lock key
 * as uniqueKey), with no lock beside it. Laravel's UniqueLock asks the job's
 * uniqueVia() for the cache to lock in: this trait answers, for such a
 * connection, a repository whose locks are taken and released without a call
 * (QueueUniqueStore), and RedisLockQueue::push() and later() submit the job:
 * 'until_done' ('until_started' for ShouldBeUniqueUntilProcessing), capped at
 * uniqueFor seconds when it is over 0. A second dispatch while the job waits
 * (or runs) is not queued, and Laravel 13's UniqueJobSkipped is raised for it.
 * The job holds its uniqueness while it is in the queue, and nothing is left to
 * release: a worker that dies leaves none behind once its job comes back and
 * ends. On any other connection it answers the default cache repository:
 * Laravel's own lock there, as without the trait.
 *
 * A job that defines uniqueVia() itself keeps its own (the trait's is then not
 * used), and with it Laravel's lock.
 */
trait UniqueInQueue
{
    /** @return \Illuminate\Contracts\Cache\Repository */
    public function uniqueVia()
    {
        return QueueUniqueStore::repositoryFor($this, Container::getInstance());
    }
}
