<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The kinds of names an operator reads, in the order the metrics page lists them:
 * for each, the extension's class, the word for its section, the method that
 * reads one name's state, the one that reads a page of names in one round trip
 * (null: none, each name is read alone), whether that page call fails whole on
 * one name the server refuses (it is then asked again in halves, down to that
 * name) rather than answering an error for it, whether a build of the extension may
 * lack them (their metrics are then left out, with a comment), and the view an
 * answer becomes (a static method of this class). Inspector and Metrics read
 * every kind through this one table.
 */
final class Kinds
{
    public const TABLE = [
        'queue' => [
            'class' => \RedisQueue::class,
            'section' => 'queues',
            'title' => 'queue',
            'read' => 'stats',
            'many' => 'stats',
            'whole' => true,
            'optional' => false,
            'view' => 'queueState',
        ],
        'lock' => [
            'class' => \RedisLock::class,
            'section' => 'locks',
            'title' => 'lock',
            'read' => 'inspect',
            'many' => 'inspectMany',
            'whole' => false,
            'optional' => true,
            'view' => 'lockState',
        ],
        'semaphore' => [
            'class' => \RedisSemaphore::class,
            'section' => 'semaphores',
            'title' => 'semaphore',
            'read' => 'inspect',
            'many' => 'inspectMany',
            'whole' => false,
            'optional' => true,
            'view' => 'semaphoreState',
        ],
        'limiter' => [
            'class' => \RedisRateLimiter::class,
            'section' => 'limiters',
            'title' => 'rate limiter',
            'read' => 'inspect',
            'many' => null,
            'whole' => false,
            'optional' => true,
            'view' => 'limiterState',
        ],
        'latch' => [
            'class' => \RedisLatch::class,
            'section' => 'latches',
            'title' => 'latch',
            'read' => 'inspect',
            'many' => null,
            'whole' => false,
            'optional' => true,
            'view' => 'latchState',
        ],
    ];

    /** The keys of a lock's view, in order. */
    public const LOCK_KEYS = ['mode', 'holders', 'held_by', 'ttl', 'waiters', 'oldest_wait', 'fencing', 'promised'];

    /** The keys of a semaphore's view, in order. */
    public const SEMAPHORE_KEYS = ['held', 'holders', 'held_by', 'ttls', 'waiters', 'oldest_wait'];

    /** The keys of a rate limiter's view, in order. */
    public const LIMITER_KEYS = ['policy', 'limit', 'interval', 'burst', 'remaining', 'retry_after', 'reset_after', 'backlog'];

    /** The keys of a latch's view, in order. */
    public const LATCH_KEYS = ['count', 'open', 'ttl'];

    /** The keys of a queue's stats, in order. */
    public const QUEUE_KEYS = ['due', 'delayed', 'inflight', 'dead', 'oldest_due_age', 'next_due_in', 'overdue'];

    private function __construct()
    {
    }

    /**
     * The row of TABLE for $kind.
     *
     * @return array{class: class-string, section: string, title: string, read: string, many: ?string, whole: bool, optional: bool, view: string}
     */
    public static function of(string $kind): array
    {
        return self::TABLE[$kind] ?? throw new \InvalidArgumentException("no kind \"$kind\": one of " . implode(', ', array_keys(self::TABLE)));
    }

    /**
     * What the extension answered about one name of $kind as its view: null
     * when the name has no state (for a queue: its stats, never null).
     *
     * @param array<string, mixed>|null $info
     * @return array<string, mixed>|null
     */
    public static function view(string $kind, ?array $info): ?array
    {
        return self::{self::of($kind)['view']}($info);
    }

    /**
     * held_by: the holders' labels (host:pid, or an application's label) as the
     * extension gives them; null when it does not say (an extension that does
     * not return the key).
     *
     * @param array<string, mixed>|null $info what RedisLock::inspect() returned
     * @return array{mode: string, holders: int, held_by: ?list<string>, ttl: ?float, waiters: int, oldest_wait: ?float, fencing: ?int, promised: bool}|null
     */
    public static function lockState(?array $info): ?array
    {
        if ($info === null) {
            return null;
        }

        return [
            'mode' => (string) ($info['mode'] ?? 'exclusive'),
            'holders' => (int) ($info['holders'] ?? 0),
            'held_by' => self::heldBy($info),
            'ttl' => self::floatOrNull($info['ttl'] ?? null),
            'waiters' => (int) ($info['waiters'] ?? 0),
            'oldest_wait' => self::floatOrNull($info['oldest_wait'] ?? null),
            'fencing' => isset($info['fencing']) ? (int) $info['fencing'] : null,
            'promised' => (bool) ($info['promised'] ?? false),
        ];
    }

    /**
     * held_by as lockState()'s.
     *
     * @param array<string, mixed>|null $info what RedisSemaphore::inspect() returned
     * @return array{held: int, holders: int, held_by: ?list<string>, ttls: list<float>, waiters: int, oldest_wait: ?float}|null
     */
    public static function semaphoreState(?array $info): ?array
    {
        if ($info === null) {
            return null;
        }
        $ttls = [];
        foreach ((array) ($info['ttls'] ?? []) as $ttl) {
            $ttls[] = (float) $ttl;
        }

        return [
            'held' => (int) ($info['held'] ?? 0),
            'holders' => (int) ($info['holders'] ?? 0),
            'held_by' => self::heldBy($info),
            'ttls' => $ttls,
            'waiters' => (int) ($info['waiters'] ?? 0),
            'oldest_wait' => self::floatOrNull($info['oldest_wait'] ?? null),
        ];
    }

    /**
     * @param array<string, mixed>|null $info what RedisRateLimiter::inspect() returned
     * @return array{policy: string, limit: int, interval: float, burst: ?int, remaining: int, retry_after: float, reset_after: float, backlog: float}|null
     */
    public static function limiterState(?array $info): ?array
    {
        if ($info === null) {
            return null;
        }

        return [
            'policy' => (string) ($info['policy'] ?? ''),
            'limit' => (int) ($info['limit'] ?? 0),
            'interval' => (float) ($info['interval'] ?? 0.0),
            'burst' => isset($info['burst']) ? (int) $info['burst'] : null,
            'remaining' => (int) ($info['remaining'] ?? 0),
            'retry_after' => (float) ($info['retry_after'] ?? 0.0),
            'reset_after' => (float) ($info['reset_after'] ?? 0.0),
            'backlog' => (float) ($info['backlog'] ?? 0.0),
        ];
    }

    /**
     * ttl: null when the extension does not give one (a count key without a
     * lifetime, which set() never writes).
     *
     * @param array<string, mixed>|null $info what RedisLatch::inspect() returned
     * @return array{count: int, open: bool, ttl: ?float}|null
     */
    public static function latchState(?array $info): ?array
    {
        if ($info === null) {
            return null;
        }
        $count = (int) ($info['count'] ?? 0);

        return [
            'count' => $count,
            'open' => (bool) ($info['open'] ?? $count === 0),
            'ttl' => self::floatOrNull($info['ttl'] ?? null),
        ];
    }

    /**
     * @param array<string, mixed>|null $s one queue's answer of RedisQueue::stats()
     * @return array{due: int, delayed: int, inflight: int, dead: int, oldest_due_age: float, next_due_in: ?float, overdue: int}
     */
    public static function queueState(?array $s): array
    {
        $s ??= [];

        return [
            'due' => (int) ($s['due'] ?? 0),
            'delayed' => (int) ($s['delayed'] ?? 0),
            'inflight' => (int) ($s['inflight'] ?? 0),
            'dead' => (int) ($s['dead'] ?? 0),
            'oldest_due_age' => (float) ($s['oldest_due_age'] ?? 0.0),
            'next_due_in' => self::floatOrNull($s['next_due_in'] ?? null),
            'overdue' => (int) ($s['overdue'] ?? 0),
            'paused' => (bool) ($s['paused'] ?? false),
            'pause_left' => self::floatOrNull($s['pause_left'] ?? null),
            'counts' => self::countsOf($s['counts'] ?? null),
        ];
    }

    /**
     * The bound under which the fraction $q (0.5: the median) of a queue's
     * measured runs ended, from its cumulative durations (counts()'s): the upper
     * bound of the bucket that holds it, INF for the last; null when none was
     * measured.
     *
     * @param array<int|string, int> $durations
     */
    public static function quantile(array $durations, float $q): ?float
    {
        $all = (int) ($durations['+Inf'] ?? 0);
        if ($all <= 0) {
            return null;
        }
        foreach ($durations as $le => $n) {
            if ($n >= $q * $all) {
                return $le === '+Inf' ? INF : (float) $le;
            }
        }

        return INF;
    }

    /**
     * A queue's counters as stats() gives them ('counts'), or null from an
     * extension that keeps none.
     *
     * @return array{processed: int, failed: int, released: int, retried: int, dead: int, durations: array<int|string, int>, duration_sum: float}|null
     */
    public static function countsOf(mixed $c): ?array
    {
        if (!is_array($c) || !is_array($c['durations'] ?? null)) {
            return null;
        }
        $durations = [];
        foreach ($c['durations'] as $le => $n) {
            $durations[$le] = (int) $n;
        }

        return [
            'processed' => (int) ($c['processed'] ?? 0),
            'failed' => (int) ($c['failed'] ?? 0),
            'released' => (int) ($c['released'] ?? 0),
            'retried' => (int) ($c['retried'] ?? 0),
            'dead' => (int) ($c['dead'] ?? 0),
            'durations' => $durations,
            'duration_sum' => (float) ($c['duration_sum'] ?? 0.0),
        ];
    }

    /**
     * The holders' labels of an inspect() answer, as strings in the order given;
     * null when the answer has no list of them (the extension does not say).
     *
     * @param array<string, mixed> $info
     * @return list<string>|null
     */
    private static function heldBy(array $info): ?array
    {
        if (!isset($info['held_by']) || !is_array($info['held_by'])) {
            return null;
        }
        $labels = [];
        foreach ($info['held_by'] as $label) {
            if (is_string($label) || is_int($label)) {
                $labels[] = (string) $label;
            }
        }

        return $labels;
    }

    private static function floatOrNull(mixed $value): ?float
    {
        return $value === null ? null : (float) $value;
    }
}
