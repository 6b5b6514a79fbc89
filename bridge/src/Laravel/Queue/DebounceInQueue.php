<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use Illuminate\Container\Container;

/**
 * For a job with Laravel 13's #[DebounceFor]: on a connection of the redislock
 * driver, its debounce is decided by the queue alone, in the one round trip
 * that queues it. Laravel's DebounceLock asks the job's debounceVia() for the
 * cache that keeps the debounce owner (and the first dispatch's time, for
 * maxWait): this trait answers, for such a connection, a repository that keeps
 * nothing beyond the call (QueueUniqueStore), so no cache is written when the
 * job is dispatched nor read when it runs. RedisLockQueue submits the job under
 * its debounce key ('debounce', the attribute's maxWait): a dispatch while one
 * waits replaces its payload and moves its due time, so one job runs, the last
 * dispatch's, at most maxWait after the first. On any other connection it
 * answers the default cache repository, as without the trait.
 *
 * Without the trait, a debounced job is queued as Laravel queues it: one job
 * per dispatch, the superseded ones dropped when they run, by the owner Laravel
 * keeps in the cache.
 *
 * What the cache's owner gave that the queue does not: a run that fails (or
 * whose worker is killed) after a newer dispatch of its key was queued runs
 * again, with its own payload, after the newer one (Laravel would drop it). A run that waits for its
 * retry when a dispatch comes is replaced by it, attempts from 0, as Laravel
 * would run the new one and drop the retry. Laravel's debounce key does not
 * name the queue; the queue's is per queue: dispatches of one key to two queues
 * are a run in each.
 */
trait DebounceInQueue
{
    /** @return \Illuminate\Contracts\Cache\Repository */
    public function debounceVia()
    {
        return QueueUniqueStore::repositoryFor($this, Container::getInstance());
    }
}
