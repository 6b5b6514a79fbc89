<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use DateInterval;
use DateTimeImmutable;
use DateTimeInterface;
use Illuminate\Contracts\Queue\ClearableQueue;
use Illuminate\Contracts\Queue\Queue as QueueContract;
use Illuminate\Queue\Queue;
use Illuminate\Support\Str;
use InvalidArgumentException;

/**
 * A Laravel queue on the extension's \RedisQueue: each job is one task, whose id
 * is the job's uuid and whose payload is Laravel's JSON payload string.
 *
 * pop() reserves the task for retry_after seconds; the \RedisQueue is made with
 * the watchdog on (see Connector), so the reservation is renewed while the job
 * runs and a job longer than retry_after is never handed to a second worker
 * while its worker lives. The job of a worker that dies comes back after one
 * retry_after. Delays (later(), release($delay)) run by the Redis server's clock.
 *
 * The sizes: size() counts the due, delayed and reserved jobs (as Laravel's redis
 * queue does), not the dead letters; pendingSize(), delayedSize(),
 * reservedSize() and creationTimeOfOldestPendingJob() (Laravel 11 and later ask
 * for them) are each one RedisQueue::stats() call.
 */
class RedisLockQueue extends Queue implements QueueContract, ClearableQueue
{
    protected \RedisQueue $redisQueue;

    protected string $defaultQueue;

    protected float $visibility;

    protected float $waitSeconds;

    /**
     * @param  float  $retryAfter  the reservation's visibility in seconds (renewed while a job runs)
     * @param  float|null  $blockFor  seconds pop() waits on the server for a job (null or 0: no wait)
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
        if ($blockFor !== null && $blockFor < 0) {
            throw new InvalidArgumentException('The redislock queue\'s block_for must be null or a number of seconds, at least 0.');
        }
        if ($default === '') {
            throw new InvalidArgumentException('The redislock queue\'s default queue name must not be empty.');
        }
        $this->redisQueue = $redisQueue;
        $this->defaultQueue = $default;
        $this->visibility = $retryAfter;
        $this->waitSeconds = $blockFor ?? 0.0;
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
     * Every job in one round trip (one enqueue() of all the payloads), then the
     * JobQueued events. When a job is to be dispatched after the database
     * transaction commits, each job goes through push() instead.
     *
     * @param  array  $jobs
     * @param  mixed  $data
     * @param  string|null  $queue
     * @return void
     */
    public function bulk($jobs, $data = '', $queue = null)
    {
        $jobs = (array) $jobs;
        $afterCommit = $this->container !== null && $this->container->bound('db.transactions');
        foreach ($jobs as $job) {
            if ($afterCommit && $this->shouldDispatchAfterCommit($job)) {
                parent::bulk($jobs, $data, $queue);

                return;
            }
        }
        $payloads = [];
        $queued = [];
        foreach ($jobs as $job) {
            $payload = $this->createPayload($job, $this->getQueue($queue), $data);
            $id = $this->payloadId($payload);
            $payloads[$id] = $payload;
            $queued[] = [$job, $payload, $id];
        }
        if ($payloads === []) {
            return;
        }
        $this->redisQueue->enqueue($this->getQueue($queue), array_map('strval', array_keys($payloads)), payload: $payloads);
        foreach ($queued as [$job, $payload, $id]) {
            // Only raises JobQueued, with the arguments this Laravel version gives it.
            $this->enqueueUsing($job, $payload, $queue, null, static fn () => $id);
        }
    }

    /**
     * Reserve the next job for retry_after seconds (renewed while it runs),
     * waiting up to block_for seconds on the server for one.
     *
     * @param  string|null  $queue
     * @return \Illuminate\Contracts\Queue\Job|null
     */
    public function pop($queue = null)
    {
        $name = $this->getQueue($queue);
        $task = $this->redisQueue->reserve($name, 1, $this->visibility, $this->waitSeconds);
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

    /** Finish a reserved job: false when the reservation is no longer this one. */
    public function ackJob(RedisLockJob $job): bool
    {
        return $this->redisQueue->ack($job->getQueue(), $job->getJobId(), $job->getReceipt());
    }

    /** Put a reserved job back, due after $delay seconds by the server's clock. */
    public function releaseJob(RedisLockJob $job, float $delay): bool
    {
        return $this->redisQueue->release($job->getQueue(), $job->getJobId(), max(0.0, $delay), $job->getReceipt());
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

    public function getRedisQueue(): \RedisQueue
    {
        return $this->redisQueue;
    }

    public function getRetryAfter(): float
    {
        return $this->visibility;
    }

    /**
     * The payload with "id" set to its uuid, so that the job's id and its uuid
     * are the task's id.
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
     * A delay in seconds: a number, a DateInterval from now, or a date (its
     * distance from this machine's clock; the server then counts it on its own).
     *
     * @param  \DateTimeInterface|\DateInterval|int|float|null  $delay
     */
    protected function delaySeconds($delay): float
    {
        if ($delay instanceof DateInterval) {
            $now = new DateTimeImmutable();
            $delay = $now->add($delay);
        }
        if ($delay instanceof DateTimeInterface) {
            return max(0.0, (float) $delay->format('U.u') - microtime(true));
        }
        if ($delay === null || $delay === '') {
            return 0.0;
        }
        if (!is_numeric($delay)) {
            throw new InvalidArgumentException('A job\'s delay must be a number of seconds, a DateInterval or a DateTimeInterface.');
        }

        return max(0.0, (float) $delay);
    }
}
