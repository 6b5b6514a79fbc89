<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * What an operator reads and does on the locks, semaphores, queues and rate
 * limiters of one connection, read through the extension's own calls. Every result is a plain
 * array with fixed keys; nothing returned here ever carries a lock's or a
 * semaphore's token: the lock and semaphore views are built from a fixed list of
 * keys of inspect(), whatever else it may return.
 *
 * The connection is anything \RedisLock's constructor takes (a DSN, an options
 * array, or null for the INI default); the prefixes, when given, replace each
 * class's default ("Lock:", "Semaphore:", "Queue:", "Limiter:").
 */
final class Inspector
{
    /** The keys of a lock's view, in order. */
    public const LOCK_KEYS = ['mode', 'holders', 'ttl', 'waiters', 'oldest_wait', 'fencing', 'promised'];

    /** The keys of a semaphore's view, in order. */
    public const SEMAPHORE_KEYS = ['held', 'holders', 'ttls', 'waiters', 'oldest_wait'];

    /** The keys of a rate limiter's view, in order. */
    public const LIMITER_KEYS = ['policy', 'limit', 'interval', 'burst', 'remaining', 'retry_after', 'reset_after', 'backlog'];

    /** The keys of a queue's stats, in order. */
    public const QUEUE_KEYS = ['due', 'delayed', 'inflight', 'dead', 'oldest_due_age', 'next_due_in', 'overdue'];

    /**
     * The names of one page of a listing: what a listing keeps at once, and the
     * queues one RedisQueue::stats() round trip reads (its own bound).
     */
    public const PAGE = 1000;

    private ?\RedisLock $lock = null;
    private ?\RedisSemaphore $semaphore = null;
    private ?\RedisQueue $queue = null;
    private ?\RedisRateLimiter $limiter = null;

    /**
     * @param string|array<string, mixed>|null $connection
     */
    public function __construct(
        #[\SensitiveParameter] private string|array|null $connection = null,
        private ?string $lockPrefix = null,
        private ?string $semaphorePrefix = null,
        private ?string $queuePrefix = null,
        private int $scanCount = 500,
        private ?string $limiterPrefix = null,
    ) {
        self::requireExtension();
    }

    /** Throws UnsupportedException when the extension is not loaded. */
    public static function requireExtension(): void
    {
        if (!extension_loaded('redislock')) {
            throw new UnsupportedException(
                'the redislock extension is not loaded: install it and enable it in php.ini '
                . '(extension=redislock), or run php -d extension=redislock.so'
            );
        }
    }

    /**
     * The names of the held or awaited locks, sorted, each once.
     *
     * @param (callable(int): void)|null $progress called with the count so far after each page
     * @return list<string>
     */
    public function lockNames(?callable $progress = null): array
    {
        $this->need(\RedisLock::class, 'names');

        return $this->walk(fn (?string $cursor) => $this->lockObject()->names($cursor, $this->scanCount), $progress);
    }

    /**
     * @param (callable(int): void)|null $progress
     * @return list<string>
     */
    public function semaphoreNames(?callable $progress = null): array
    {
        $this->need(\RedisSemaphore::class, 'names');

        return $this->walk(fn (?string $cursor) => $this->semaphoreObject()->names($cursor, $this->scanCount), $progress);
    }

    /**
     * @param (callable(int): void)|null $progress
     * @return list<string>
     */
    public function queueNames(?callable $progress = null): array
    {
        $this->need(\RedisQueue::class, 'names');

        return $this->walk(fn (?string $cursor) => $this->queueObject()->names($cursor, $this->scanCount), $progress);
    }

    /**
     * The rate limiters with a state, sorted, each once.
     *
     * @param (callable(int): void)|null $progress
     * @return list<string>
     */
    public function limiterNames(?callable $progress = null): array
    {
        $this->need(\RedisRateLimiter::class, 'names');

        return $this->walk(fn (?string $cursor) => $this->limiterObject()->names($cursor, $this->scanCount), $progress);
    }

    /**
     * The held or awaited locks, a page at a time (see pages()): rows of
     * ['name' => string, 'state' => lock()'s array].
     *
     * @param (callable(int): void)|null $progress called with the count of names so far after each names() call
     * @return \Generator<int, array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}>
     */
    public function lockPages(?callable $progress = null): \Generator
    {
        $this->need(\RedisLock::class, 'names');
        $this->need(\RedisLock::class, 'inspect');

        return $this->pages(
            fn (?string $cursor) => $this->lockObject()->names($cursor, $this->scanCount),
            fn (array $names) => self::supports(\RedisLock::class, 'inspectMany')
                ? $this->manyPage($this->lockObject()->inspectMany($names), self::lockState(...))
                : $this->eachName($names, $this->lock(...)),
            $progress,
        );
    }

    /**
     * The held or awaited semaphores, a page at a time: rows of ['name', 'state' => semaphore()'s array].
     *
     * @param (callable(int): void)|null $progress
     * @return \Generator<int, array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}>
     */
    public function semaphorePages(?callable $progress = null): \Generator
    {
        $this->need(\RedisSemaphore::class, 'names');
        $this->need(\RedisSemaphore::class, 'inspect');

        return $this->pages(
            fn (?string $cursor) => $this->semaphoreObject()->names($cursor, $this->scanCount),
            fn (array $names) => self::supports(\RedisSemaphore::class, 'inspectMany')
                ? $this->manyPage($this->semaphoreObject()->inspectMany($names), self::semaphoreState(...))
                : $this->eachName($names, $this->semaphore(...)),
            $progress,
        );
    }

    /**
     * The queues, a page at a time, their stats read in one round trip per page:
     * rows of ['name', 'state' => the keys of QUEUE_KEYS].
     *
     * @param (callable(int): void)|null $progress
     * @return \Generator<int, array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}>
     */
    public function queuePages(?callable $progress = null): \Generator
    {
        $this->need(\RedisQueue::class, 'names');
        $this->need(\RedisQueue::class, 'stats');

        return $this->pages(
            fn (?string $cursor) => $this->queueObject()->names($cursor, $this->scanCount),
            $this->statsPage(...),
            $progress,
        );
    }

    /**
     * One cheap read-only command on the connection a destructive call of $kind
     * ("lock" or "queue") will use, no script (one SCAN step; a lock's PTTL where
     * names() is not available): it connects, so that a failure of the
     * destructive call after it can only mean that its reply was lost.
     */
    public function reach(string $kind, string $name): void
    {
        if ($kind !== 'lock') {
            self::supports(\RedisQueue::class, 'names') ? $this->queueObject()->names(null, 1) : $this->queueObject()->size($name);

            return;
        }
        if (self::supports(\RedisLock::class, 'names')) {
            try {
                $this->lockObject()->names(null, 1);

                return;
            } catch (\BadMethodCallException) {
                // a Redlock lists nothing: its PTTL below reaches every server
            }
        }
        $this->lockObject()->isLocked($name);
    }

    /**
     * A lock's state: null when nobody holds it and nobody waits; else the keys
     * of LOCK_KEYS (mode "exclusive" or "shared", holders, ttl in seconds or
     * null, waiters, oldest_wait in seconds or null, fencing or null, promised).
     *
     * @return array{mode: string, holders: int, ttl: ?float, waiters: int, oldest_wait: ?float, fencing: ?int, promised: bool}|null
     */
    public function lock(string $name): ?array
    {
        $this->need(\RedisLock::class, 'inspect');

        return self::lockState($this->lockObject()->inspect($name));
    }

    /**
     * @param array<string, mixed>|null $info what RedisLock::inspect() returned
     * @return array{mode: string, holders: int, ttl: ?float, waiters: int, oldest_wait: ?float, fencing: ?int, promised: bool}|null
     */
    private static function lockState(?array $info): ?array
    {
        if ($info === null) {
            return null;
        }

        return [
            'mode' => (string) ($info['mode'] ?? 'exclusive'),
            'holders' => (int) ($info['holders'] ?? 0),
            'ttl' => self::floatOrNull($info['ttl'] ?? null),
            'waiters' => (int) ($info['waiters'] ?? 0),
            'oldest_wait' => self::floatOrNull($info['oldest_wait'] ?? null),
            'fencing' => isset($info['fencing']) ? (int) $info['fencing'] : null,
            'promised' => (bool) ($info['promised'] ?? false),
        ];
    }

    /**
     * The rate limiters with a state, a page at a time: rows of ['name', 'state' => limiter()'s array].
     *
     * @param (callable(int): void)|null $progress
     * @return \Generator<int, array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}>
     */
    public function limiterPages(?callable $progress = null): \Generator
    {
        $this->need(\RedisRateLimiter::class, 'names');
        $this->need(\RedisRateLimiter::class, 'inspect');

        return $this->pages(
            fn (?string $cursor) => $this->limiterObject()->names($cursor, $this->scanCount),
            fn (array $names) => $this->eachName($names, $this->limiter(...)),
            $progress,
        );
    }

    /**
     * A rate limiter's state: null when it has none; else the keys of
     * LIMITER_KEYS (RedisRateLimiter::inspect()).
     *
     * @return array{policy: string, limit: int, interval: float, burst: ?int, remaining: int, retry_after: float, reset_after: float, backlog: float}|null
     */
    public function limiter(string $name): ?array
    {
        $this->need(\RedisRateLimiter::class, 'inspect');
        $info = $this->limiterObject()->inspect($name);
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
     * A semaphore's state: null when nothing is held and nobody waits; else
     * held (permits), holders, ttls (seconds, one per holder), waiters, oldest_wait.
     *
     * @return array{held: int, holders: int, ttls: list<float>, waiters: int, oldest_wait: ?float}|null
     */
    public function semaphore(string $name): ?array
    {
        $this->need(\RedisSemaphore::class, 'inspect');

        return self::semaphoreState($this->semaphoreObject()->inspect($name));
    }

    /**
     * @param array<string, mixed>|null $info what RedisSemaphore::inspect() returned
     * @return array{held: int, holders: int, ttls: list<float>, waiters: int, oldest_wait: ?float}|null
     */
    private static function semaphoreState(?array $info): ?array
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
            'ttls' => $ttls,
            'waiters' => (int) ($info['waiters'] ?? 0),
            'oldest_wait' => self::floatOrNull($info['oldest_wait'] ?? null),
        ];
    }

    /**
     * The stats of each queue of $names (RedisQueue::stats()), name => the keys
     * of QUEUE_KEYS, in the order given.
     *
     * @param list<string> $names
     * @return array<string, array{due: int, delayed: int, inflight: int, dead: int, oldest_due_age: float, next_due_in: ?float, overdue: int}>
     */
    public function queueStats(array $names): array
    {
        $this->need(\RedisQueue::class, 'stats');
        $out = [];
        foreach (array_chunk(array_map('strval', $names), self::PAGE) as $chunk) {
            $stats = $this->queueObject()->stats($chunk);
            foreach ($chunk as $name) {
                $out[$name] = self::queueState($stats[$name] ?? []);
            }
        }

        return $out;
    }

    /**
     * The oldest $count dead letters of $queue: id, attempts, time (Unix
     * seconds, server clock) and payload_bytes (null when the task has none).
     * Payloads themselves are never returned.
     *
     * @return list<array{id: string, attempts: int, time: float, payload_bytes: ?int}>
     */
    public function dead(string $queue, int $count = 100): array
    {
        $out = [];
        foreach ($this->queueObject()->dead($queue, $count) as $letter) {
            $out[] = [
                'id' => (string) $letter['id'],
                'attempts' => (int) $letter['attempts'],
                'time' => (float) $letter['time'],
                'payload_bytes' => isset($letter['payload']) ? strlen((string) $letter['payload']) : null,
            ];
        }

        return $out;
    }

    /**
     * Puts the dead letters $ids (all of them when empty) back in $queue; returns how many.
     *
     * @param list<string> $ids
     */
    public function retryDead(string $queue, array $ids = []): int
    {
        return $this->queueObject()->retryDead($queue, $ids === [] ? null : array_values($ids));
    }

    public function purgeDead(string $queue): int
    {
        return $this->queueObject()->purgeDead($queue);
    }

    /** Removes the lock $name whoever holds it; true when there was one. */
    public function forceUnlock(string $name): bool
    {
        return $this->lockObject()->forceUnlock($name);
    }

    /** Whether the loaded extension has $class::$method(). */
    public static function supports(string $class, string $method): bool
    {
        return class_exists($class, false) && method_exists($class, $method);
    }

    private function need(string $class, string $method): void
    {
        if (!self::supports($class, $method)) {
            throw new UnsupportedException(
                "this build of the redislock extension has no $class::$method(): upgrade the extension"
            );
        }
    }

    /**
     * @param callable(?string): array{names: list<string>, cursor: ?string} $page
     * @param (callable(int): void)|null $progress
     * @return list<string>
     */
    private function walk(callable $page, ?callable $progress): array
    {
        $seen = [];
        $cursor = null;
        do {
            $result = $page($cursor);
            foreach ($result['names'] as $name) {
                $seen[(string) $name] = true;
            }
            $cursor = $result['cursor'];
            if ($progress !== null) {
                $progress(count($seen));
            }
        } while ($cursor !== null);
        $names = array_map('strval', array_keys($seen));
        sort($names, SORT_STRING);

        return $names;
    }

    /**
     * Walks a names() cursor to its end and yields pages of up to PAGE names,
     * sorted within the page, each name once over the whole walk, with what
     * $read made of them: ['rows' => list, 'errors' => list of ['name', 'message']
     * for each name whose state the server refused to read (another
     * application's key under the prefix, a key of another type)]. What is kept
     * between pages is one 8-byte fingerprint (xxh64) per name seen, since SCAN
     * may return a name twice.
     *
     * @param callable(?string): array{names: list<string>, cursor: ?string} $page
     * @param callable(list<string>): array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>} $read
     * @param (callable(int): void)|null $progress
     * @return \Generator<int, array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}>
     */
    private function pages(callable $page, callable $read, ?callable $progress): \Generator
    {
        $seen = [];
        $batch = [];
        $cursor = null;
        do {
            $result = $page($cursor);
            foreach ($result['names'] as $name) {
                $name = (string) $name;
                $fingerprint = unpack('q', hash('xxh64', $name, true))[1];
                if (isset($seen[$fingerprint])) {
                    continue;
                }
                $seen[$fingerprint] = true;
                $batch[] = $name;
                if (count($batch) === self::PAGE) {
                    sort($batch, SORT_STRING);
                    yield $read($batch);
                    $batch = [];
                }
            }
            $cursor = $result['cursor'];
            if ($progress !== null) {
                $progress(count($seen));
            }
        } while ($cursor !== null);
        if ($batch !== []) {
            sort($batch, SORT_STRING);
            yield $read($batch);
        }
    }

    /**
     * $read of each name: rows for the names with a state, an error for each the
     * server refused.
     *
     * @param list<string> $names
     * @param callable(string): ?array<string, mixed> $read
     * @return array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}
     */
    private function eachName(array $names, callable $read): array
    {
        $rows = [];
        $errors = [];
        foreach ($names as $name) {
            try {
                $state = $read($name);
            } catch (\RedisLockServerException | \ValueError $e) {
                $errors[] = ['name' => $name, 'message' => $e->getMessage()];
                continue;
            }
            if ($state !== null) {
                $rows[] = ['name' => $name, 'state' => $state];
            }
        }

        return ['rows' => $rows, 'errors' => $errors];
    }

    /**
     * A page read by inspectMany() in one round trip: rows for the names with a
     * state, an error for each name the server refused (['error' => message]).
     *
     * @param array<array-key, array<string, mixed>|null> $many name => inspect()'s answer or ['error' => string]
     * @param callable(?array<string, mixed>): ?array<string, mixed> $state
     * @return array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}
     */
    private function manyPage(array $many, callable $state): array
    {
        $rows = [];
        $errors = [];
        foreach ($many as $name => $info) {
            $name = (string) $name;
            if (is_array($info) && array_keys($info) === ['error']) {
                $errors[] = ['name' => $name, 'message' => (string) $info['error']];
            } elseif (($s = $state($info)) !== null) {
                $rows[] = ['name' => $name, 'state' => $s];
            }
        }

        return ['rows' => $rows, 'errors' => $errors];
    }

    /**
     * The stats of a page of queues in one round trip; when the server refuses
     * it (one name is not a queue), the halves are asked again, down to the
     * names it refuses.
     *
     * @param list<string> $names
     * @return array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}
     */
    private function statsPage(array $names): array
    {
        try {
            $stats = $this->queueObject()->stats($names);
        } catch (\RedisLockServerException | \ValueError $e) {
            if (count($names) === 1) {
                return ['rows' => [], 'errors' => [['name' => $names[0], 'message' => $e->getMessage()]]];
            }
            $half = intdiv(count($names), 2);
            $first = $this->statsPage(array_slice($names, 0, $half));
            $second = $this->statsPage(array_slice($names, $half));

            return ['rows' => [...$first['rows'], ...$second['rows']], 'errors' => [...$first['errors'], ...$second['errors']]];
        }
        $rows = [];
        foreach ($names as $name) {
            $rows[] = ['name' => $name, 'state' => self::queueState($stats[$name] ?? [])];
        }

        return ['rows' => $rows, 'errors' => []];
    }

    /**
     * @param array<string, mixed> $s
     * @return array{due: int, delayed: int, inflight: int, dead: int, oldest_due_age: float, next_due_in: ?float, overdue: int}
     */
    private static function queueState(array $s): array
    {
        return [
            'due' => (int) ($s['due'] ?? 0),
            'delayed' => (int) ($s['delayed'] ?? 0),
            'inflight' => (int) ($s['inflight'] ?? 0),
            'dead' => (int) ($s['dead'] ?? 0),
            'oldest_due_age' => (float) ($s['oldest_due_age'] ?? 0.0),
            'next_due_in' => self::floatOrNull($s['next_due_in'] ?? null),
            'overdue' => (int) ($s['overdue'] ?? 0),
        ];
    }

    private function lockObject(): \RedisLock
    {
        return $this->lock ??= new \RedisLock($this->options($this->lockPrefix));
    }

    private function semaphoreObject(): \RedisSemaphore
    {
        return $this->semaphore ??= new \RedisSemaphore($this->options($this->semaphorePrefix));
    }

    private function queueObject(): \RedisQueue
    {
        return $this->queue ??= new \RedisQueue($this->options($this->queuePrefix));
    }

    private function limiterObject(): \RedisRateLimiter
    {
        return $this->limiter ??= new \RedisRateLimiter($this->options($this->limiterPrefix));
    }

    /**
     * The connection with $prefix in it: an options array gains the key, a DSN
     * the query parameter.
     *
     * @return string|array<string, mixed>|null
     */
    private function options(?string $prefix): string|array|null
    {
        $connection = $this->connection;
        if ($prefix === null) {
            return $connection;
        }
        if (is_array($connection)) {
            return ['prefix' => $prefix] + $connection;
        }
        if ($connection === null || $connection === '') {
            $connection = (string) ini_get('redislock.default_connection');
            if ($connection === '') {
                return ['prefix' => $prefix];
            }
        }
        if (preg_match('/[?&]prefix=/', $connection)) {
            $connection = (string) preg_replace('/([?&])prefix=[^&#]*&?/', '$1', $connection);
            $connection = rtrim($connection, '?&');
        }

        return $connection . (str_contains($connection, '?') ? '&' : '?') . 'prefix=' . rawurlencode($prefix);
    }

    private static function floatOrNull(mixed $value): ?float
    {
        return $value === null ? null : (float) $value;
    }
}
