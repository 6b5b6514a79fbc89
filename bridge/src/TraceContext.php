<?php

declare(strict_types=1);

namespace RedisLock\Bridge;

/**
 * A W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent`
 * of the work in progress, and its `tracestate`, as the job adapters carry them
 * from the process that queues a job to the one that runs it.
 *
 * The current one, for a producer, is in this order: the one set with
 * TraceContext::set(); while a job of ours runs, that job's, or none when it
 * came with none (within(): a job queued from a job stays in its trace); else
 * what the resolver gives (the frameworks' integration sets one that reads the
 * `traceparent` and `tracestate` headers of the request being served). When the
 * job ends, what was current before is again.
 *
 * Anything that is not a valid traceparent (a hostile header, 1 MiB of bytes) is
 * no context: parse() answers null and nothing is carried. A tracestate is kept
 * only beside a valid traceparent, and only when it is at most 512 bytes of
 * printable ASCII (the W3C's own bound for what a platform must propagate).
 */
final class TraceContext
{
    /** The longest tracestate carried, in bytes. */
    public const MAX_TRACESTATE = 512;

    private static ?self $current = null;

    /** Whether $current is what current() answers, null included (inside within()). */
    private static bool $pinned = false;

    /** @var (\Closure(): ?self)|null */
    private static ?\Closure $resolver = null;

    private function __construct(
        public readonly string $traceparent,
        public readonly ?string $tracestate,
    ) {
    }

    /**
     * The context $traceparent (and $tracestate) describe, or null when
     * $traceparent is not a valid W3C traceparent. Upper-case hex is refused, as
     * the W3C says; a version other than 00 is taken by its first four fields.
     */
    public static function parse(mixed $traceparent, mixed $tracestate = null): ?self
    {
        if (!is_string($traceparent) || strlen($traceparent) < 55 || strlen($traceparent) > 512
            || !preg_match('/^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-[ -~]*)?$/D', $traceparent, $m)
            || $m[1] === 'ff' || ($m[1] === '00' && strlen($traceparent) !== 55)
            || $m[2] === str_repeat('0', 32) || $m[3] === str_repeat('0', 16)) {
            return null;
        }
        $state = is_string($tracestate) && $tracestate !== '' && strlen($tracestate) <= self::MAX_TRACESTATE
            && preg_match('/^[ -~]+$/D', $tracestate) ? $tracestate : null;

        return new self(substr($traceparent, 0, 55), $state);
    }

    /** The context in an array, as a carrier holds it: 'traceparent', and 'tracestate' when there is one. */
    public function toArray(): array
    {
        return $this->tracestate === null ? ['traceparent' => $this->traceparent]
            : ['traceparent' => $this->traceparent, 'tracestate' => $this->tracestate];
    }

    /** The trace's id: 32 hex digits. */
    public function traceId(): string
    {
        return substr($this->traceparent, 3, 32);
    }

    /** The id of the span the work came from: 16 hex digits. */
    public function parentId(): string
    {
        return substr($this->traceparent, 36, 16);
    }

    /** Whether the caller sampled the trace (the flag 01). */
    public function sampled(): bool
    {
        return (hexdec(substr($this->traceparent, 53, 2)) & 1) === 1;
    }

    /** The current context (see the class), or null. */
    public static function current(): ?self
    {
        if (self::$current !== null || self::$pinned) {
            return self::$current;
        }
        if (self::$resolver === null) {
            return null;
        }
        try {
            $resolved = (self::$resolver)();
        } catch (\Throwable) {
            return null;
        }

        return $resolved instanceof self ? $resolved : null;
    }

    /** Makes $context the current one (null: none set; the resolver's then); returns the one set before. */
    public static function set(?self $context): ?self
    {
        $before = self::$current;
        self::$current = $context;

        return $before;
    }

    /**
     * Runs $fn with $context as the current context, exactly (null: none; the
     * resolver is not asked), and returns what it returns; afterwards, returned
     * or thrown, what was current before is again. The adapters run a job so.
     *
     * @template T
     * @param callable(): T $fn
     * @return T
     */
    public static function within(?self $context, callable $fn): mixed
    {
        $before = [self::$current, self::$pinned];
        [self::$current, self::$pinned] = [$context, true];
        try {
            return $fn();
        } finally {
            [self::$current, self::$pinned] = $before;
        }
    }

    /**
     * Where current() looks when none is set: $resolver returns a context or null
     * (a throw counts as null). null removes it. The frameworks' integration sets
     * one that reads the request being served.
     *
     * @param (\Closure(): ?self)|null $resolver
     */
    public static function resolveWith(?\Closure $resolver): void
    {
        self::$resolver = $resolver;
    }
}
