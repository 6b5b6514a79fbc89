<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use Illuminate\Container\Container;
use Illuminate\Contracts\Queue\Job as JobContract;
use Illuminate\Queue\Jobs\Job;
use RedisLock\Bridge\TraceContext;

/**
 * A job reserved from a RedisLockQueue. Every call on the task carries the
 * reservation's receipt, so a job whose reservation is no longer its own (its
 * worker was stopped long enough for another to take it) can never finish,
 * release or fail the other worker's run.
 *
 * - delete(): acks the task (RedisQueue::ack(), deferred to the queue's next
 *   call on the stream layout: one round trip per job in a worker loop).
 * - release($delay): puts it back, due $delay later by the server's clock ($delay
 *   in any form Laravel takes: seconds, a date, an interval).
 * - attempts(): the task's reservations so far, this one included.
 * - fail($e) (Laravel's Worker after the tries, maxExceptions or a timeout, or
 *   the job itself): Laravel's Job::fail() marks it failed and deletes it; here
 *   that deletion moves the task to the queue's dead letters with its payload
 *   (RedisQueue::fail()), and Laravel then calls the job's failed() and raises
 *   JobFailed, which logs it to the failed-job provider when one is configured.
 */
class RedisLockJob extends Job implements JobContract
{
    protected RedisLockQueue $redisLockQueue;

    protected string $taskId;

    protected string $rawBody;

    protected string $receipt;

    protected int $attemptCount;

    /** Whether the last ack, release or fail found the reservation still this job's. */
    protected ?bool $settled = null;

    public function __construct(
        ?Container $container,
        RedisLockQueue $queue,
        string $id,
        string $payload,
        string $receipt,
        int $attempts,
        ?string $connectionName,
        string $queueName
    ) {
        $this->container = $container;
        $this->redisLockQueue = $queue;
        $this->taskId = $id;
        $this->rawBody = $payload;
        $this->receipt = $receipt;
        $this->attemptCount = $attempts;
        $this->connectionName = $connectionName;
        $this->queue = $queueName;
    }

    /** @return string */
    public function getJobId()
    {
        return $this->taskId;
    }

    /** @return string */
    public function getRawBody()
    {
        return $this->rawBody;
    }

    /** @return int */
    public function attempts()
    {
        return $this->attemptCount;
    }

    /** The receipt of this reservation. */
    public function getReceipt(): string
    {
        return $this->receipt;
    }

    /**
     * Ack the task, or, once the job has failed, move it to the dead letters.
     *
     * @return void
     */
    public function delete()
    {
        // Ours first: when it throws, Laravel has not marked the job deleted.
        $settled = $this->hasFailed()
            ? $this->redisLockQueue->failJob($this)
            : $this->redisLockQueue->ackJob($this);
        parent::delete();
        $this->settled = $settled;
    }

    /**
     * Put the job back, due after $delay in any form Laravel takes (seconds as an
     * int, float or numeric string, a DateTimeInterface, a DateInterval; see
     * RedisLockQueue::delaySeconds()). Ours first: a delay refused (TypeError,
     * ValueError) or a call that fails leaves the job not marked released, so
     * the Worker puts it back itself instead of leaving it reserved.
     *
     * @param  \DateTimeInterface|\DateInterval|int|float|string  $delay
     * @return void
     */
    public function release($delay = 0)
    {
        $settled = $this->redisLockQueue->releaseJob($this, $delay);
        parent::release($delay);
        $this->settled = $settled;
    }

    /**
     * Whether the last delete(), release() or fail() acted on this reservation
     * (false: it had ended, and the task may be another worker's now); null
     * before any of them. A delete() on the stream layout defers its ack to the
     * queue's next call (see RedisLockQueue::ackJob()): it answers true, and a
     * reservation lost meanwhile is left as it is when the ack is sent.
     */
    public function wasSettled(): ?bool
    {
        return $this->settled;
    }

    public function getRedisLockQueue(): RedisLockQueue
    {
        return $this->redisLockQueue;
    }

    /** The trace context the job was queued in (its payload's "traceparent" and "tracestate"), or null. */
    public function traceContext(): ?TraceContext
    {
        $payload = $this->payload();

        return is_array($payload) ? TraceContext::parse($payload['traceparent'] ?? null, $payload['tracestate'] ?? null) : null;
    }

    /**
     * Runs the job in the trace it was queued in: TraceContext::current() is its
     * context while it runs, or none when it came with none (a job it queues
     * carries it on), and what it was before once it returns or throws, so the
     * next job of a long-running worker starts without it.
     *
     * @return void
     */
    public function fire()
    {
        TraceContext::within($this->traceContext(), fn () => parent::fire());
    }

    /**
     * Fails the job (its failed() method and the JobFailed event) in the trace it
     * was queued in, as fire() runs it.
     *
     * @param  \Throwable|null  $e
     * @return void
     */
    public function fail($e = null)
    {
        TraceContext::within($this->traceContext(), fn () => parent::fail($e));
    }
}
