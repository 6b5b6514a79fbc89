<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use DateInterval;
use DateTimeImmutable;
use DateTimeInterface;
use Illuminate\Bus\DebounceLock;
use Illuminate\Bus\UniqueLock;
use Illuminate\Contracts\Queue\ClearableQueue;
use Illuminate\Contracts\Queue\ShouldBeUnique;
use Illuminate\Contracts\Queue\ShouldBeUniqueUntilProcessing;
use Illuminate\Contracts\Queue\Queue as QueueContract;
use Illuminate\Queue\Attributes\DebounceFor;
use Illuminate\Queue\Attributes\UniqueFor;
use Illuminate\Queue\Events\UniqueJobSkipped;
use Illuminate\Queue\Queue;
use Illuminate\Support\Str;
use InvalidArgumentException;
use TypeError;
use ValueError;
use RedisLock\Bridge\TraceContext;

/**
 * A Laravel queue on the extension's \RedisQueue: each job is one task, whose id
 * is the job's uuid ("unique:<uuid>" for a UniqueInQueue job; the payload's "id"
 * says which) and whose payload is Laravel's JSON payload string.
 *
 * pop() reserves the task for retry_after seconds; the \RedisQueue is made with
 * the watchdog on (see Connector), so the reservation is renewed while the job
 * runs and a job longer than retry_after is never handed to a second worker
 * while its worker lives. The job of a worker that dies comes back after one
 * retry_after. Delays (later(), release($delay)) run by the Redis server's clock.
 *
 * Delays mean what they mean in Laravel (InteractsWithTime::availableAt()), in
 * later(), laterOn(), release(), bulk() (each job's own $delay, as Laravel's
 * redis driver from 10 on) and pushRaw()'s "delay" option: an int, float or
 * numeric string is seconds from now; a DateTimeInterface (Carbon included) is
 * that moment; a DateInterval (CarbonInterval) is now plus the interval; zero,
 * negative, past or inverted is due now. Dates count to the microsecond (Laravel
 * rounds down to the second). A delay beyond MAX_DELAY (1e9 s, about 31.7 years,
 * the extension's bound), INF included, is held at MAX_DELAY: the job stays
 * delayed, practically for ever, as Laravel keeps it. NaN is a ValueError and
 * any other type a TypeError, both thrown before anything is sent and before
 * Laravel marks anything (a job whose release() is refused is not released, so
 * the Worker puts it back itself).
 *
 * block_for: null (Laravel's default) does not wait; 0 waits until a job comes,
 * as Laravel documents it; n > 0 waits up to n seconds. The wait is made of
 * waits on the server of at most WAIT_SLICE seconds (no polling: a slice is a
 * script, one BLPOP and a script again), so PHP's signal handlers (the Worker's --timeout, any
 * pcntl_alarm()) run at least that often, and a handler that throws ends pop().
 * Between slices pop() returns null when the application's Worker (the
 * container's "queue.worker") has been told to quit or pause (SIGTERM, SIGUSR2),
 * so an idle worker stops within a slice. With several queues (--queue=a,b) the
 * Worker pops them in turn: with block_for 0 it waits on the first until a job
 * comes there (as Laravel's own driver does), and, as there, --max-time,
 * --stop-when-empty and queue:restart are looked at only when pop() returns:
 * give such workers a block_for > 0.
 *
 * bulk() sends its jobs in chunks of at most BULK_CHUNK_JOBS jobs and
 * BULK_CHUNK_BYTES of payloads (the extension's bound per call), jobs of one
 * delay together: each chunk is one round trip, atomic on its own, and its
 * JobQueued events are raised once it is written. A failure after the first
 * chunk leaves the chunks before it queued. Every delay and payload size is
 * checked before the first chunk is sent.
 *
 * Pauses (Laravel 13): Queue::pause(), pauseFor() and resume() of a connection of
 * this driver, and queue:pause / queue:resume, also pause the queue on the
 * server (pauseQueue(), resumeQueue(); RedisLockServiceProvider hears Laravel's
 * QueuePaused and QueueResumed events), so that no worker of this driver takes
 * its jobs, whether or not it reads Laravel's cache flag. Laravel's own flag is
 * still written and read as Laravel does; pauseAll() is that flag only.
 *
 * Debounced jobs (Laravel 13's #[DebounceFor]) with DebounceInQueue: a dispatch
 * that Laravel debounces (it gave the job a debounceOwner) is one submit() under
 * the job's debounce key (DebounceLock::getKey()), 'debounce', its
 * #[DebounceFor]'s maxWait as maxWait: while a dispatch of the key waits, the
 * next one replaces its payload and moves its due time to its own delay (never
 * past the first dispatch + maxWait) instead of queueing a second job, so one
 * job runs, the last dispatch's. Without the trait (the owner in Laravel's
 * cache), and for queued listeners, each dispatch is a job, as Laravel queues it.
 *
 * The sizes: size() counts the due, delayed and reserved jobs (as Laravel's redis
 * queue does), not the dead letters; pendingSize(), delayedSize(),
 * reservedSize() and creationTimeOfOldestPendingJob() (Laravel 11 and later ask
 * for them) are each one RedisQueue::stats() call.
 */
class RedisLockQueue extends Queue implements QueueContract, ClearableQueue
{
    /** Seconds a delay is held at: the extension's bound (about 31.7 years). */
    public const MAX_DELAY = \RedisQueue::MAX_DELAY;

    /** The prefix of the task ids of unique jobs the queue decides (UniqueInQueue): their acks are not deferred. */
    public const UNIQUE_ID_PREFIX = 'unique:';

    /** Seconds one wait on the server lasts at most, so that signal handlers run (this driver's choice). */
    public const WAIT_SLICE = 2.0;

    /** Bytes of payloads one bulk() chunk carries at most (the extension's bound per call). */
    public const BULK_CHUNK_BYTES = \RedisQueue::MAX_BATCH_BYTES;

    /** Jobs one bulk() chunk carries at most (this driver's choice: bounds one script's work). */
    public const BULK_CHUNK_JOBS = 1000;

    /** Bytes one job's payload may have (the extension's bound). */
    public const MAX_PAYLOAD = \RedisQueue::MAX_PAYLOAD_BYTES;

    protected \RedisQueue $redisQueue;

    protected string $defaultQueue;

    protected float $visibility;

    /** Seconds pop() waits: null none, 0 until a job comes. */
    protected ?float $blockFor;

    /**
     * @param  float  $retryAfter  the reservation's visibility in seconds (renewed while a job runs)
     * @param  float|null  $blockFor  seconds pop() waits on the server for a job (null: no wait;
     *         0: until a job comes), in slices of WAIT_SLICE
     */
    public function __construct(
        \RedisQueue $redisQueue,
        string $default = 'default',
        float $retryAfter = 60,
        ?float $blockFor = null,
        bool $dispatchAfterCommit = false
    ) {
        if (!($retryAfter > 0)) {
            throw new InvalidArgumentException('The redislock queue\'s retry_after must be a number of seconds greater than 0.');
        }
        if ($blockFor !== null && !($blockFor >= 0)) {
            throw new InvalidArgumentException('The redislock queue\'s block_for must be null or a number of seconds, at least 0.');
        }
        if ($default === '') {
            throw new InvalidArgumentException('The redislock queue\'s default queue name must not be empty.');
        }
        $this->redisQueue = $redisQueue;
        $this->defaultQueue = $default;
        $this->visibility = $retryAfter;
        $this->blockFor = $blockFor;
        $this->dispatchAfterCommit = $dispatchAfterCommit;
    }

    /**
     * The jobs of the queue that are due, delayed or reserved (not the dead letters).
     *
     * @param  string|null  $queue
     * @return int
     */
    public function size($queue = null)
    {
        $stats = $this->stats($queue);

        return $stats['due'] + $stats['delayed'] + $stats['inflight'];
    }

    /**
     * @param  string|null  $queue
     * @return int
     */
    public function pendingSize($queue = null)
    {
        return $this->stats($queue)['due'];
    }

    /**
     * @param  string|null  $queue
     * @return int
     */
    public function delayedSize($queue = null)
    {
        return $this->stats($queue)['delayed'];
    }

    /**
     * @param  string|null  $queue
     * @return int
     */
    public function reservedSize($queue = null)
    {
        return $this->stats($queue)['inflight'];
    }

    /**
     * The Unix time since which the oldest due job has been due (by the server's
     * clock, as an age, put on this machine's clock), or null when none is due.
     *
     * @param  string|null  $queue
     * @return int|null
     */
    public function creationTimeOfOldestPendingJob($queue = null)
    {
        $stats = $this->stats($queue);
        if ($stats['due'] === 0) {
            return null;
        }

        return (int) floor(microtime(true) - $stats['oldest_due_age']);
    }

    /**
     * The dead letters of the queue: the jobs that failed (Job::fail(), after
     * their tries), with their payloads.
     *
     * @return list<array{id: string, attempts: int, time: float, payload?: string}>
     */
    public function deadJobs(?string $queue = null, int $count = 100): array
    {
        return $this->redisQueue->dead($this->getQueue($queue), $count);
    }

    /**
     * The jobs due now, in the order workers take them: Laravel 13's queue
     * inspection, each an InspectedJob (Laravel before 13 has no such class, and
     * this throws LogicException). Read with RedisQueue::top(), a page at a time;
     * the attempts are the payload's, as Laravel's redis driver gives them.
     *
     * @param  \UnitEnum|string|null  $queue
     * @return \Illuminate\Support\Collection<int, \Illuminate\Queue\Jobs\InspectedJob>
     */
    public function pendingJobs($queue = null)
    {
        $name = $this->inspected($queue);

        return $this->inspectedJobs($this->redisQueue->top($name, PHP_INT_MAX), $name, false);
    }

    /**
     * The jobs not due yet (later(), release($delay), backoff), earliest due
     * first, each an InspectedJob whose attempts are the runs it has had (Laravel
     * 13; RedisQueue::delayed()).
     *
     * @param  \UnitEnum|string|null  $queue
     * @return \Illuminate\Support\Collection<int, \Illuminate\Queue\Jobs\InspectedJob>
     */
    public function delayedJobs($queue = null)
    {
        $name = $this->inspected($queue, 'delayed');

        return $this->inspectedJobs($this->redisQueue->delayed($name, PHP_INT_MAX), $name, true);
    }

    /**
     * The jobs a worker runs now (reserved, not yet deleted, released or lapsed
     * back), each an InspectedJob whose attempts count this run (Laravel 13;
     * RedisQueue::reserved()).
     *
     * @param  \UnitEnum|string|null  $queue
     * @return \Illuminate\Support\Collection<int, \Illuminate\Queue\Jobs\InspectedJob>
     */
    public function reservedJobs($queue = null)
    {
        $name = $this->inspected($queue, 'reserved');

        return $this->inspectedJobs($this->redisQueue->reserved($name, PHP_INT_MAX), $name, true);
    }

    /**
     * pendingJobs() of every queue under the connection's prefix
     * (RedisQueue::names()).
     *
     * @return \Illuminate\Support\Collection<int, \Illuminate\Queue\Jobs\InspectedJob>
     */
    public function allPendingJobs()
    {
        return $this->allQueueNames()->flatMap(fn ($name) => $this->pendingJobs($name));
    }

    /** @return \Illuminate\Support\Collection<int, \Illuminate\Queue\Jobs\InspectedJob> */
    public function allDelayedJobs()
    {
        return $this->allQueueNames()->flatMap(fn ($name) => $this->delayedJobs($name));
    }

    /** @return \Illuminate\Support\Collection<int, \Illuminate\Queue\Jobs\InspectedJob> */
    public function allReservedJobs()
    {
        return $this->allQueueNames()->flatMap(fn ($name) => $this->reservedJobs($name));
    }

    /**
     * The queue name an inspection call reads, after checking that this Laravel
     * has InspectedJob and that the extension has the call.
     */
    protected function inspected($queue, ?string $method = null): string
    {
        if (!class_exists(\Illuminate\Queue\Jobs\InspectedJob::class)) {
            throw new \LogicException('Inspecting a queue\'s jobs needs Laravel 13 or later (Illuminate\Queue\Jobs\InspectedJob); '
                . 'RedisQueue::top(), delayed() and reserved() read them on any version.');
        }
        if ($method !== null && !method_exists($this->redisQueue, $method)) {
            throw new \LogicException(sprintf('%sJobs() needs a redislock extension with RedisQueue::%s() (the release after 0.2.0); this one is %s.',
                $method, $method, phpversion('redislock') ?: 'unknown'));
        }
        if ($queue instanceof \BackedEnum) {
            $queue = (string) $queue->value;
        } elseif ($queue instanceof \UnitEnum) {
            $queue = $queue->name;
        }

        return $this->getQueue($queue);
    }

    /**
     * InspectedJobs of $tasks (RedisQueue's entries); $attempts: the entries'
     * count instead of the payload's. A task whose payload is not a Laravel job's
     * (none, bytes a plain RedisQueue producer queued under the same prefix, or a
     * JSON object whose uuid, displayName, attempts or createdAt have other
     * types) is an InspectedJob of its id, with no name and an empty payload,
     * rather than the TypeError InspectedJob::fromPayload() would throw.
     *
     * @param  array|false  $tasks
     */
    protected function inspectedJobs($tasks, string $name, bool $attempts)
    {
        return (new \Illuminate\Support\Collection($tasks ?: []))->map(function (array $task) use ($name, $attempts) {
            $payload = $task['payload'] ?? '';
            $count = $attempts ? $task['attempts'] : null;
            if (is_array(json_decode($payload, true))) {
                try {
                    return \Illuminate\Queue\Jobs\InspectedJob::fromPayload($payload, $count, $name);
                } catch (\TypeError | \Exception $e) {
                    // An object whose fields are not a Laravel job's (uuid, displayName,
                    // attempts or createdAt of another type): told as the bytes below.
                }
            }

            return new \Illuminate\Queue\Jobs\InspectedJob($task['id'], $name, null, $count ?? 0, []);
        });
    }

    /**
     * The queues under the connection's prefix that hold anything
     * (RedisQueue::names(), a SCAN walked to its end), each once.
     *
     * @return \Illuminate\Support\Collection<int, string>
     */
    protected function allQueueNames()
    {
        $names = [];
        $cursor = null;
        do {
            $page = $this->redisQueue->names($cursor, 1000);
            foreach ($page['names'] as $name) {
                $names[$name] = true;
            }
            $cursor = $page['cursor'];
        } while ($cursor !== null);

        return new \Illuminate\Support\Collection(array_keys($names));
    }

    /** RedisQueue::stats() of the queue. */
    public function stats(?string $queue = null): array
    {
        return $this->redisQueue->stats($this->getQueue($queue));
    }

    /**
     * @param  object|string  $job
     * @param  mixed  $data
     * @param  string|null  $queue
     * @return mixed
     */
    public function push($job, $data = '', $queue = null)
    {
        if (is_object($job) && (self::uniqueInQueue($job) || self::debounced($job))) {
            return $this->submitKeyed($job, $this->createPayload($job, $this->getQueue($queue), $data), $queue, null);
        }

        return $this->enqueueUsing(
            $job,
            $this->createPayload($job, $this->getQueue($queue), $data),
            $queue,
            null,
            function ($payload, $queue) {
                return $this->pushRaw($payload, $queue);
            }
        );
    }

    /**
     * A job the queue decides, in one submit() of its payload:
     * - a ShouldBeUnique job whose uniqueness the queue decides (UniqueInQueue):
     *   the task "unique:<uuid>" under its unique lock's key (UniqueLock::getKey()),
     *   'until_done', or 'until_started' for ShouldBeUniqueUntilProcessing, capped
     *   at its uniqueFor seconds when over 0. A duplicate: null, no JobQueued, and
     *   Laravel 13's UniqueJobSkipped;
     * - a job Laravel 13 debounces, with DebounceInQueue: the task "<uuid>"
     *   under its debounce key (DebounceLock::getKey()), 'debounce', with its
     *   #[DebounceFor]'s maxWait. Queued, or taken by the dispatch that waits.
     * Queued (or debounced): its id, with the JobQueueing and JobQueued events as
     * for any job. A job to be dispatched after the database transaction commits
     * is submitted then, through Laravel's enqueueUsing() (whose events come
     * whatever the answer).
     *
     * @param  mixed  $delay  as later() takes it, or null
     * @return string|null
     */
    protected function submitKeyed(object $job, string $payload, ?string $queue, $delay)
    {
        $seconds = $delay === null ? 0.0 : $this->delaySeconds($delay);
        $name = $this->getQueue($queue);
        $id = $this->payloadId($payload);
        $debounced = !self::uniqueInQueue($job);
        // Read before anything is sent: a maxWait we refuse is refused with nothing queued.
        $maxWait = $debounced ? self::maxWaitOf($job) : 0.0;
        $submit = function () use ($job, $payload, $name, $id, $seconds, $debounced, $maxWait): ?string {
            $answer = $debounced
                ? $this->redisQueue->submit($name, $id, $payload, $seconds, unique: 'debounce',
                    maxWait: $maxWait, uniqueKey: self::shortKey(DebounceLock::getKey($job)))
                : $this->redisQueue->submit($name, $id, $payload, $seconds,
                    unique: $job instanceof ShouldBeUniqueUntilProcessing ? 'until_started' : 'until_done',
                    uniqueFor: self::uniqueForOf($job), uniqueKey: self::uniqueKeyOf($job));
            if ($answer !== 'duplicate') {
                return $id;
            }
            if (class_exists(UniqueJobSkipped::class) && $this->container !== null && $this->container->bound('events')) {
                $this->container->make('events')->dispatch(new UniqueJobSkipped($job));
            }

            return null;
        };
        if ($this->container !== null && $this->container->bound('db.transactions') && $this->shouldDispatchAfterCommit($job)) {
            return $this->enqueueUsing($job, $payload, $queue, $delay, $submit);
        }
        if ($submit() === null) {
            return null;
        }

        // Only raises the events, with the arguments this Laravel version gives them.
        return $this->enqueueUsing($job, $payload, $queue, $delay, static fn () => $id);
    }

    /**
     * $job's unique lock key, as this Laravel's UniqueLock makes it; one over the
     * queue's 64 KiB (a long uniqueId) as a NUL-led SHA-256 of it.
     */
    private static function uniqueKeyOf(object $job): string
    {
        if (method_exists(UniqueLock::class, 'getKey') && (new \ReflectionMethod(UniqueLock::class, 'getKey'))->isStatic()) {
            $key = UniqueLock::getKey($job);
        } else {
            $uniqueId = method_exists($job, 'uniqueId') ? $job->uniqueId() : ($job->uniqueId ?? '');
            $key = 'laravel_unique_job:' . get_class($job) . $uniqueId;
        }

        return self::shortKey($key);
    }

    /** $key as the queue takes it: one over its 64 KiB as a NUL-led SHA-256 of it. */
    private static function shortKey(string $key): string
    {
        return strlen($key) > 65536 ? "\0sha256:" . hash('sha256', $key) : $key;
    }

    /**
     * Whether $job is a job Laravel (13) debounces whose debounce the queue
     * decides: Laravel's PendingDispatch took its debounce lock and gave the job
     * the owner (a job has one only then), and the job's debounceVia() answers
     * QueueUniqueStore's repository (DebounceInQueue), so that the owner is kept
     * nowhere and Laravel's check when the job runs lets it run. With the owner
     * in a cache (no trait, a queued listener) each dispatch is queued as Laravel
     * queues it: merged into one run, the run would carry one dispatch's owner
     * while the cache may hold another's (two dispatches whose cache writes and
     * pushes interleave), and Laravel would drop the only run.
     */
    private static function debounced(object $job): bool
    {
        if (!class_exists(DebounceLock::class) || !is_string($job->debounceOwner ?? null) || $job->debounceOwner === ''
            || !method_exists($job, 'debounceVia')) {
            return false;
        }
        $via = $job->debounceVia();

        return $via instanceof \Illuminate\Cache\Repository && $via->getStore() instanceof QueueUniqueStore;
    }

    /**
     * The maxWait of $job's #[DebounceFor], in seconds, as Laravel's DebounceLock
     * reads it (the class, its parents and their traits); 0 when it has none.
     *
     * @throws ValueError  for a negative one
     */
    private static function maxWaitOf(object $job): float
    {
        for ($class = new \ReflectionClass($job); $class !== false; $class = $class->getParentClass()) {
            foreach ([$class, ...$class->getTraits()] as $declaring) {
                foreach ($declaring->getAttributes(DebounceFor::class) as $attribute) {
                    $wait = $attribute->newInstance()->maxWait;
                    if ($wait !== null && $wait < 0) {
                        throw new ValueError(sprintf('#[DebounceFor] of %s: maxWait must be 0 or more seconds, %d given', $class->getName(), $wait));
                    }

                    // 0 in Laravel: every dispatch after the first is due at once (the
                    // queue's 0 is no cap): a millisecond after the first.
                    return $wait === 0 ? 0.001 : min((float) ($wait ?? 0), self::MAX_DELAY);
                }
            }
        }

        return 0.0;
    }

    /**
     * Whether $job is a ShouldBeUnique job whose uniqueness the queue decides: its
     * uniqueVia() answers QueueUniqueStore's repository (UniqueInQueue). No class
     * of illuminate/cache is loaded for a job that is not one, so that a queue
     * without that package works as before.
     */
    private static function uniqueInQueue(object $job): bool
    {
        if (!$job instanceof ShouldBeUnique || !method_exists($job, 'uniqueVia')) {
            return false;
        }
        $via = $job->uniqueVia();

        return $via instanceof \Illuminate\Cache\Repository && $via->getStore() instanceof QueueUniqueStore;
    }

    /** Seconds $job's uniqueness lasts at most (0: until it ends), as this Laravel's UniqueLock reads them. */
    private static function uniqueForOf(object $job): float
    {
        if (method_exists($job, 'uniqueFor') && method_exists(UniqueLock::class, 'getKey')) {
            $for = $job->uniqueFor();
        } elseif (class_exists(UniqueFor::class) && ($attribute = (new \ReflectionClass($job))->getAttributes(UniqueFor::class)) !== []) {
            $for = $attribute[0]->newInstance()->uniqueFor;
        } else {
            $for = $job->uniqueFor ?? 0;
        }
        $for = is_numeric($for) ? (float) $for : 0.0;

        return $for > 0 ? min($for, self::MAX_DELAY) : 0.0;
    }

    /**
     * Add a payload as it is; its "id" (or "uuid") is the task's id, a new uuid
     * when it has neither. $options['delay']: seconds (or a date) before it is due.
     *
     * @param  string  $payload
     * @param  string|null  $queue
     * @return mixed  the job's id
     */
    public function pushRaw($payload, $queue = null, array $options = [])
    {
        return $this->enqueuePayload((string) $payload, $queue, $this->delaySeconds($options['delay'] ?? 0));
    }

    /**
     * @param  \DateTimeInterface|\DateInterval|int|float  $delay
     * @param  object|string  $job
     * @param  mixed  $data
     * @param  string|null  $queue
     * @return mixed
     */
    public function later($delay, $job, $data = '', $queue = null)
    {
        // A delay we refuse is refused before a payload is made or an event raised.
        $this->delaySeconds($delay);
        $delay = $this->forLaravel($delay);
        if (is_object($job) && (self::uniqueInQueue($job) || self::debounced($job))) {
            return $this->submitKeyed($job, $this->createPayload($job, $this->getQueue($queue), $data, $delay), $queue, $delay);
        }

        return $this->enqueueUsing(
            $job,
            // Laravel 11 and later note the delay in the payload (a 4th argument 8.x ignores).
            $this->createPayload($job, $this->getQueue($queue), $data, $delay),
            $queue,
            $delay,
            function ($payload, $queue, $delay) {
                return $this->laterRaw($delay, $payload, $queue);
            }
        );
    }

    /**
     * @param  \DateTimeInterface|\DateInterval|int|float  $delay
     * @param  string  $payload
     * @param  string|null  $queue
     * @return mixed
     */
    protected function laterRaw($delay, $payload, $queue = null)
    {
        return $this->enqueuePayload((string) $payload, $queue, $this->delaySeconds($delay));
    }

    /**
     * The jobs in chunks of at most BULK_CHUNK_JOBS jobs and BULK_CHUNK_BYTES of
     * payloads, the jobs of one delay (a job's own $delay, as Laravel's redis
     * driver from 10 on) together: each chunk one enqueue() round trip, atomic on
     * its own, then its JobQueued events. Every delay and payload size is checked
     * before the first chunk is sent. When a job is to be dispatched after the
     * database transaction commits, each job goes through push() or later().
     *
     * @param  array  $jobs
     * @param  mixed  $data
     * @param  string|null  $queue
     * @return void
     */
    public function bulk($jobs, $data = '', $queue = null)
    {
        $jobs = (array) $jobs;
        foreach ($jobs as $job) {
            $delay = $this->jobDelay($job);
            if ($delay !== null) {
                $this->delaySeconds($delay);
            }
        }
        $afterCommit = $this->container !== null && $this->container->bound('db.transactions');
        foreach ($jobs as $job) {
            if ($afterCommit && $this->shouldDispatchAfterCommit($job)) {
                foreach ($jobs as $each) {
                    $delay = $this->jobDelay($each);
                    $delay === null ? $this->push($each, $data, $queue) : $this->later($delay, $each, $data, $queue);
                }

                return;
            }
        }
        $name = $this->getQueue($queue);
        $groups = [];
        foreach ($jobs as $job) {
            $delay = $this->jobDelay($job);
            if ($delay === null) {
                $key = 'in 0';
                $payload = $this->createPayload($job, $name, $data);
                $due = 0.0;
            } else {
                // A date is a moment, counted from when its chunk is sent; a number or
                // an interval is seconds from then.
                $due = $delay instanceof DateTimeInterface ? $delay : $this->delaySeconds($delay);
                $key = $due instanceof DateTimeInterface ? 'at ' . $due->format('U.u') : 'in ' . $due;
                $delay = $this->forLaravel($delay);
                $payload = $this->createPayload($job, $name, $data, $delay);
            }
            if (strlen($payload) > self::MAX_PAYLOAD) {
                throw new ValueError(sprintf('A job\'s payload must not be over %d bytes (%d given)', self::MAX_PAYLOAD, strlen($payload)));
            }
            $groups[$key]['due'] = $due;
            $groups[$key]['delay'] = $delay;
            $groups[$key]['jobs'][] = [$job, $payload, $this->payloadId($payload)];
        }
        foreach ($groups as $group) {
            $chunk = [];
            $bytes = 0;
            foreach ($group['jobs'] as $entry) {
                $size = strlen($entry[1]);
                if ($chunk !== [] && ($bytes + $size > self::BULK_CHUNK_BYTES || count($chunk) >= self::BULK_CHUNK_JOBS)) {
                    $this->enqueueChunk($name, $queue, $group['due'], $group['delay'], $chunk);
                    $chunk = [];
                    $bytes = 0;
                }
                $chunk[] = $entry;
                $bytes += $size;
            }
            if ($chunk !== []) {
                $this->enqueueChunk($name, $queue, $group['due'], $group['delay'], $chunk);
            }
        }
    }

    /**
     * One bulk() chunk: one enqueue() of its payloads, then its JobQueued events.
     *
     * @param  float|\DateTimeInterface  $due
     * @param  list<array{mixed, string, string}>  $chunk  [job, payload, id]
     */
    protected function enqueueChunk(string $name, ?string $queue, $due, $delay, array $chunk): void
    {
        $payloads = [];
        foreach ($chunk as [, $payload, $id]) {
            $payloads[$id] = $payload;
        }
        $this->redisQueue->enqueue($name, array_map('strval', array_keys($payloads)),
            afterInterval: $this->delaySeconds($due), payload: $payloads);
        foreach ($chunk as [$job, $payload, $id]) {
            // Only raises the events, with the arguments this Laravel version gives them.
            $this->enqueueUsing($job, $payload, $queue, $delay, static fn () => $id);
        }
    }

    /** A job's own delay (Queueable::delay()), or null. */
    protected function jobDelay($job)
    {
        return is_object($job) && isset($job->delay) ? $job->delay : null;
    }

    /**
     * Reserve the next job for retry_after seconds (renewed while it runs),
     * waiting on the server for one: not at all (block_for null), up to block_for
     * seconds, or until one comes (0), in waits of at most WAIT_SLICE seconds,
     * between which PHP's signal handlers run and the wait ends when the Worker
     * is to quit or pause.
     *
     * @param  string|null  $queue
     * @return \Illuminate\Contracts\Queue\Job|null
     */
    public function pop($queue = null)
    {
        $name = $this->getQueue($queue);
        $deadline = $this->blockFor !== null && $this->blockFor > 0 ? hrtime(true) / 1e9 + $this->blockFor : null;
        for (;;) {
            $left = $deadline === null ? self::WAIT_SLICE : $deadline - hrtime(true) / 1e9;
            $wait = $this->blockFor === null ? 0.0 : max(0.0, min(self::WAIT_SLICE, $left));
            $task = $this->redisQueue->reserve($name, 1, $this->visibility, $wait);
            if ($task !== false || $this->blockFor === null || ($deadline !== null && $left <= self::WAIT_SLICE)
                || $this->workerIsStopping()) {
                break;
            }
        }
        if ($task === false) {
            return null;
        }
        if (!isset($task['payload'])) {
            // Not a Laravel job (a task added without a payload): nothing could run it.
            $this->redisQueue->fail($name, $task['id'], $task['receipt']);

            return null;
        }

        return new RedisLockJob(
            $this->container,
            $this,
            $task['id'],
            $task['payload'],
            $task['receipt'],
            (int) $task['attempts'],
            $this->connectionName,
            $name
        );
    }

    /**
     * Remove every job of the queue, dead letters included; returns how many.
     *
     * @param  string  $queue
     * @return int
     */
    public function clear($queue)
    {
        return $this->redisQueue->clear($this->getQueue($queue));
    }

    /**
     * Finish a reserved job: false when the reservation is no longer this one. On
     * the stream layout the ack is deferred: it goes in the same write as the
     * worker's next pop() (any other call on this queue, the \RedisQueue's end and
     * the process's end send it first), the answer is true, and an ack whose
     * reservation was lost meanwhile changes nothing when it is sent. Until then
     * the heartbeat keeps the reservation renewed, so no other worker gets the job.
     */
    public function ackJob(RedisLockJob $job): bool
    {
        // A unique job (UniqueInQueue) is acked at once: its uniqueness lasts as long
        // as its task, and a deferred ack would keep it through the worker's rest.
        return $this->redisQueue->ack($job->getQueue(), $job->getJobId(), $job->getReceipt(),
            !str_starts_with((string) $job->getJobId(), self::UNIQUE_ID_PREFIX));
    }

    /**
     * Put a reserved job back, due after $delay (any form later() takes) by the
     * server's clock. A delay refused is refused before anything is sent.
     *
     * @param  \DateTimeInterface|\DateInterval|int|float|string  $delay
     */
    public function releaseJob(RedisLockJob $job, $delay): bool
    {
        $seconds = $this->delaySeconds($delay);

        return $this->redisQueue->release($job->getQueue(), $job->getJobId(), $seconds, $job->getReceipt());
    }

    /** Move a reserved job to the dead letters with its payload. */
    public function failJob(RedisLockJob $job): bool
    {
        return $this->redisQueue->fail($job->getQueue(), $job->getJobId(), $job->getReceipt(), $job->getRawBody());
    }

    /**
     * The queue's name, or the default one.
     *
     * @param  string|null  $queue
     * @return string
     */
    public function getQueue($queue)
    {
        return $queue !== null && $queue !== '' ? (string) $queue : $this->defaultQueue;
    }

    /**
     * Pauses $queue on the server (RedisQueue::pause()): no worker of this driver
     * takes its jobs, whichever process pops them, until resumeQueue() or the
     * end of $ttl, which means what Laravel's QueueManager::pauseFor() gives its
     * cache: null is until resumed; a DateTimeInterface or DateInterval is that
     * moment, its seconds rounded up; a number is whole seconds (the fraction
     * dropped); none left (0 or less) ends the pause instead, as Laravel's cache
     * forgets the key then.
     *
     * @param  \DateTimeInterface|\DateInterval|int|float|null  $ttl
     */
    public function pauseQueue(?string $queue, $ttl = null): void
    {
        $name = $this->getQueue($queue);
        if ($ttl === null) {
            $this->redisQueue->pause($name);

            return;
        }
        if ($ttl instanceof DateInterval) {
            $ttl = (new DateTimeImmutable())->add($ttl);
        }
        if ($ttl instanceof DateTimeInterface) {
            $seconds = (int) ceil((float) $ttl->format('U.u') - microtime(true));
        } elseif (is_int($ttl) || is_float($ttl) || (is_string($ttl) && is_numeric($ttl))) {
            $seconds = is_finite((float) $ttl) ? (int) $ttl : ((float) $ttl > 0 ? PHP_INT_MAX : 0);
        } else {
            throw new TypeError(sprintf('A pause\'s ttl must be a number of seconds, a DateTimeInterface or a DateInterval, %s given',
                get_debug_type($ttl)));
        }
        if ($seconds <= 0) {
            $this->redisQueue->resume($name);

            return;
        }
        $this->redisQueue->pause($name, (float) min($seconds, (int) self::MAX_DELAY));
    }

    /** Ends $queue's pause on the server (RedisQueue::resume()). */
    public function resumeQueue(?string $queue): void
    {
        $this->redisQueue->resume($this->getQueue($queue));
    }

    public function getRedisQueue(): \RedisQueue
    {
        return $this->redisQueue;
    }

    public function getRetryAfter(): float
    {
        return $this->visibility;
    }

    /** block_for: seconds pop() waits (null: no wait; 0: until a job comes). */
    public function getBlockFor(): ?float
    {
        return $this->blockFor;
    }

    /**
     * Whether the application's queue worker (the container's "queue.worker",
     * once made) has been told to quit or pause: its public $shouldQuit and
     * $paused, which its SIGTERM and SIGUSR2 handlers set.
     */
    protected function workerIsStopping(): bool
    {
        if ($this->container === null || !method_exists($this->container, 'resolved')
            || !$this->container->resolved('queue.worker')) {
            return false;
        }
        $worker = $this->container->make('queue.worker');

        return (isset($worker->shouldQuit) && $worker->shouldQuit) || (isset($worker->paused) && $worker->paused);
    }

    /**
     * The payload with "id" set to its uuid, so that the job's id and its uuid
     * are the task's id, and with the current trace context (TraceContext) as
     * "traceparent" and "tracestate" when there is one.
     *
     * @param  object|string  $job
     * @param  string  $queue
     * @param  mixed  $data
     * @return array
     */
    protected function createPayloadArray($job, $queue, $data = '')
    {
        $payload = parent::createPayloadArray($job, $queue, $data);
        $payload['id'] = $payload['uuid'] ?? (string) Str::uuid();
        // The trace the job is queued in, under the keys OpenTelemetry's Laravel
        // instrumentation writes and reads (it may have set them already).
        if (!isset($payload['traceparent']) && ($trace = TraceContext::current()) !== null) {
            unset($payload['traceparent'], $payload['tracestate']);   // a null left, a tracestate of no parent
            $payload += $trace->toArray();
        }
        // A unique job the queue decides (UniqueInQueue) is the task "unique:<uuid>",
        // in every push of its payload (queue:retry's too): its ack is not deferred.
        if (is_object($job) && self::uniqueInQueue($job)) {
            $payload['id'] = self::UNIQUE_ID_PREFIX . $payload['id'];
        }

        return $payload;
    }

    /** @return string the task's id */
    protected function enqueuePayload(string $payload, ?string $queue, float $delay): string
    {
        $id = $this->payloadId($payload);
        $this->redisQueue->enqueue($this->getQueue($queue), $id, afterInterval: $delay, payload: $payload);

        return $id;
    }

    protected function payloadId(string $payload): string
    {
        $decoded = json_decode($payload, true);
        $id = is_array($decoded) ? ($decoded['id'] ?? $decoded['uuid'] ?? null) : null;
        if ((is_string($id) && $id !== '') || is_int($id)) {
            return (string) $id;
        }

        return (string) Str::uuid();
    }

    /**
     * A delay as it is handed on to Laravel's own code (the payload, the events):
     * as given, but an infinite float as the seconds it means here, since Laravel
     * casts the delay to an int there (which PHP 8.5 warns about for INF).
     *
     * @param  mixed  $delay
     * @return mixed
     */
    private function forLaravel($delay)
    {
        return is_float($delay) && is_infinite($delay) ? $this->delaySeconds($delay) : $delay;
    }

    /**
     * A delay in seconds from now, as Laravel means it (InteractsWithTime::
     * availableAt()): a number (int, float, numeric string) is seconds; a
     * DateTimeInterface is that moment, to the microsecond, by this machine's
     * clock (the server then counts the seconds on its own); a DateInterval is
     * now plus the interval; null is none. Below 0: 0. Beyond MAX_DELAY (INF
     * too): MAX_DELAY.
     *
     * @param  \DateTimeInterface|\DateInterval|int|float|string|null  $delay
     *
     * @throws \TypeError  for any other type
     * @throws \ValueError  for NaN
     */
    public function delaySeconds($delay): float
    {
        if ($delay instanceof DateInterval) {
            $now = new DateTimeImmutable();
            $seconds = (float) $now->add($delay)->format('U.u') - (float) $now->format('U.u');
        } elseif ($delay instanceof DateTimeInterface) {
            $seconds = (float) $delay->format('U.u') - microtime(true);
        } elseif ($delay === null) {
            $seconds = 0.0;
        } elseif (is_int($delay) || is_float($delay) || (is_string($delay) && is_numeric($delay))) {
            $seconds = (float) $delay;
        } else {
            throw new TypeError(sprintf('A job\'s delay must be a number of seconds, a DateTimeInterface or a DateInterval, %s given',
                get_debug_type($delay)));
        }
        if (is_nan($seconds)) {
            throw new ValueError('A job\'s delay must be a number of seconds, NaN given');
        }

        return min(self::MAX_DELAY, max(0.0, $seconds));
    }
}
