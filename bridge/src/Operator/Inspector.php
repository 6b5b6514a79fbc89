<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * What an operator reads and does on the locks, semaphores, queues, rate
 * limiters and latches of one connection, read through the extension's own calls. Every result is a plain
 * array with fixed keys; nothing returned here ever carries a lock's or a
 * semaphore's token: the lock and semaphore views are built from a fixed list of
 * keys of inspect(), whatever else it may return.
 *
 * The connection is anything \RedisLock's constructor takes (a DSN, an options
 * array, or null for the INI default); the prefixes, when given, replace each
 * class's default ("Lock:", "Semaphore:", "Queue:", "Limiter:", "Latch:").
 */
final class Inspector
{
    /**
     * The names of one page of a listing: what a listing keeps at once, and what
     * one round trip reads, so at most the extension's bound for that call
     * (RedisQueue::MAX_STATS; RedisLock::MAX_INSPECT_MANY, which is
     * RedisSemaphore's too).
     */
    public static function page(): int
    {
        return min(\RedisQueue::MAX_STATS, \RedisLock::MAX_INSPECT_MANY);
    }

    /** @var array<string, \RedisLock|\RedisSemaphore|\RedisQueue|\RedisRateLimiter|\RedisLatch> kind => the object reading it, made on first use */
    private array $objects = [];

    /** @var array<string, ?string> kind => its prefix (null: the class's default) */
    private array $prefixes;

    /**
     * @param string|array<string, mixed>|null $connection
     */
    public function __construct(
        #[\SensitiveParameter] private string|array|null $connection = null,
        ?string $lockPrefix = null,
        ?string $semaphorePrefix = null,
        ?string $queuePrefix = null,
        private int $scanCount = 500,
        ?string $limiterPrefix = null,
        ?string $latchPrefix = null,
    ) {
        self::requireExtension();
        $this->prefixes = ['queue' => $queuePrefix, 'lock' => $lockPrefix, 'semaphore' => $semaphorePrefix, 'limiter' => $limiterPrefix, 'latch' => $latchPrefix];
    }

    /** Throws UnsupportedException when the extension is not loaded, or older than the command. */
    public static function requireExtension(): void
    {
        if (!extension_loaded('redislock')) {
            throw new UnsupportedException(
                'the redislock extension is not loaded: install it and enable it in php.ini '
                . '(extension=redislock), or run php -d extension=redislock.so'
            );
        }
        if (($why = \RedisLock\Bridge\Installed::unusable()) !== '') {
            throw new UnsupportedException($why);
        }
    }

    /**
     * The names of $kind (a key of Kinds::TABLE: the held or awaited locks or
     * semaphores, the queues, the rate limiters with a state, the latches), sorted, each once.
     *
     * @param (callable(int): void)|null $progress called with the count so far after each page
     * @return list<string>
     */
    public function names(string $kind, ?callable $progress = null): array
    {
        $this->need(Kinds::of($kind)['class'], 'names');

        return $this->walk(fn (?string $cursor) => $this->object($kind)->names($cursor, $this->scanCount), $progress);
    }

    /**
     * names() of each kind by its name, for callers that read one kind.
     *
     * @param (callable(int): void)|null $progress
     * @return list<string>
     */
    public function lockNames(?callable $progress = null): array
    {
        return $this->names('lock', $progress);
    }

    /** @return list<string> */
    public function semaphoreNames(?callable $progress = null): array
    {
        return $this->names('semaphore', $progress);
    }

    /** @return list<string> */
    public function queueNames(?callable $progress = null): array
    {
        return $this->names('queue', $progress);
    }

    /** @return list<string> */
    public function limiterNames(?callable $progress = null): array
    {
        return $this->names('limiter', $progress);
    }

    /** @return list<string> */
    public function latchNames(?callable $progress = null): array
    {
        return $this->names('latch', $progress);
    }

    /**
     * The names of $kind with their states, a page at a time (see pages()): rows
     * of ['name' => string, 'state' => Kinds::view()'s array]. The states of a
     * page are read in one round trip where the class can (its "many" method).
     *
     * @param (callable(int): void)|null $progress called with the count of names so far after each names() call
     * @return \Generator<int, array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}>
     */
    public function pages(string $kind, ?callable $progress = null): \Generator
    {
        $k = Kinds::of($kind);
        $this->need($k['class'], 'names');
        $this->need($k['class'], $k['read']);

        return $this->walkPages(
            fn (?string $cursor) => $this->object($kind)->names($cursor, $this->scanCount),
            fn (array $names) => match (true) {
                $k['whole'] => $this->wholePage($kind, $names),
                $k['many'] !== null && self::supports($k['class'], $k['many']) => $this->manyPage($kind, $this->object($kind)->{$k['many']}($names)),
                default => $this->eachName($names, fn (string $name): ?array => $this->state($kind, $name)),
            },
            $progress,
        );
    }

    /**
     * One page of $kind from $cursor (null: the start), for a reader that keeps
     * no more than a page (the dashboard): names() calls of $count names (at most
     * $calls of them once a name turned up, 25 times as many before, as SCAN may
     * answer few names per step) until $count names or $bytes of them are in
     * hand, sorted,
     * with their states as pages() reads them (a name over $longest bytes with
     * the state ['unread' => true], read no further), and the cursor to go on from
     * (null: the end). A name may come again on a later page, as SCAN may
     * return it twice.
     *
     * @return array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>, cursor: ?string}
     */
    public function pageAt(string $kind, ?string $cursor, int $calls = 20, int $count = 100, int $bytes = 1048576, int $longest = 4096): array
    {
        $k = Kinds::of($kind);
        $this->need($k['class'], 'names');
        $this->need($k['class'], $k['read']);
        $names = [];
        $weight = 0;
        // Until a name turns up, up to 25 times $calls steps: a kind with few names
        // in a large keyspace (a handful of limiters beside a million queue keys)
        // shows them on its first page rather than a run of empty ones.
        $empty = 25 * $calls;
        do {
            $result = $this->object($kind)->names($cursor, min($count, self::page()));
            foreach ($result['names'] as $name) {
                $names[(string) $name] = true;
                $weight += strlen((string) $name);
            }
            $cursor = $result['cursor'];
        } while ($cursor !== null && ($names === [] ? --$empty > 0 : --$calls > 0) && count($names) < $count && $weight < $bytes);
        $names = array_map('strval', array_keys($names));
        sort($names, SORT_STRING);
        // A name over $longest bytes is listed without its state: reading it would
        // send the name in each of its keys (a page of such names, hundreds of MiB).
        $long = array_values(array_filter($names, static fn (string $n): bool => strlen($n) > $longest));
        $names = array_values(array_filter($names, static fn (string $n): bool => strlen($n) <= $longest));
        $page = match (true) {
            $names === [] => ['rows' => [], 'errors' => []],
            $k['whole'] => $this->wholePage($kind, $names),
            $k['many'] !== null && self::supports($k['class'], $k['many']) => $this->manyPage($kind, $this->object($kind)->{$k['many']}($names)),
            default => $this->eachName($names, fn (string $name): ?array => $this->state($kind, $name)),
        };

        foreach ($long as $name) {
            $page['rows'][] = ['name' => $name, 'state' => ['unread' => true]];
        }

        return $page + ['cursor' => $cursor];
    }

    /**
     * The oldest $count dead letters of $queue with the first $bytes bytes of
     * each payload: id, attempts, time, payload_bytes (null: none) and payload
     * (its first $bytes bytes, null: none). The server reads a payload whole to
     * cut it: with $read, the lengths are read first (no payload copied), and
     * only the oldest letters whose payloads add up to $read bytes (one at least)
     * have theirs read; the others have payload_bytes and no payload.
     *
     * @return list<array{id: string, attempts: int, time: float, payload_bytes: ?int, payload: ?string}>
     */
    public function deadWithPayloads(string $queue, int $count, int $bytes, ?int $read = null): array
    {
        if ($read === null || !self::cuts()) {
            $letters = $this->deadLetters($queue, $count, $bytes);
        } else {
            $sizes = $this->deadLetters($queue, $count, 0);
            $take = 0;
            for ($sum = 0; $take < count($sizes); $take++) {
                $sum += (int) ($sizes[$take]['payload_bytes'] ?? 0);
                if ($take > 0 && $sum > $read) {
                    break;
                }
            }
            $letters = $this->deadLetters($queue, max(1, $take), $bytes);
            foreach (array_slice($sizes, count($letters)) as $letter) {
                $letters[] = ['payload' => null, 'payload_only_size' => true] + $letter;
            }
        }
        $out = [];
        foreach ($letters as $letter) {
            if (isset($letter['payload_only_size'])) {
                $out[] = [
                    'id' => (string) $letter['id'],
                    'attempts' => (int) $letter['attempts'],
                    'time' => (float) $letter['time'],
                    'payload_bytes' => isset($letter['payload_bytes']) ? (int) $letter['payload_bytes'] : null,
                    'payload' => null,
                ];
                continue;
            }
            $payload = isset($letter['payload']) ? (string) $letter['payload'] : null;
            $out[] = [
                'id' => (string) $letter['id'],
                'attempts' => (int) $letter['attempts'],
                'time' => (float) $letter['time'],
                'payload_bytes' => $payload === null ? null : (int) ($letter['payload_bytes'] ?? strlen($payload)),
                'payload' => $payload === null ? null : substr($payload, 0, $bytes),
            ];
        }

        return $out;
    }

    /**
     * The state of one name of $kind (Kinds::view() of what its class's inspect()
     * answers): null when it has none (a lock nobody holds and nobody waits for).
     *
     * @return array<string, mixed>|null
     */
    public function state(string $kind, string $name): ?array
    {
        $k = Kinds::of($kind);
        if ($k['whole']) {
            return $this->queueStats([$name])[$name];
        }
        $this->need($k['class'], $k['read']);

        return Kinds::view($kind, $this->object($kind)->{$k['read']}($name));
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
            self::supports(\RedisQueue::class, 'names') ? $this->object('queue')->names(null, 1) : $this->object('queue')->size($name);

            return;
        }
        if (self::supports(\RedisLock::class, 'names')) {
            try {
                $this->object('lock')->names(null, 1);

                return;
            } catch (\BadMethodCallException) {
                // a Redlock lists nothing: its PTTL below reaches every server
            }
        }
        $this->object('lock')->isLocked($name);
    }

    /**
     * The stats of each queue of $names (RedisQueue::stats()), name => the keys
     * of Kinds::QUEUE_KEYS, in the order given.
     *
     * @param list<string> $names
     * @return array<string, array{due: int, delayed: int, inflight: int, dead: int, oldest_due_age: float, next_due_in: ?float, overdue: int}>
     */
    public function queueStats(array $names): array
    {
        $this->need(\RedisQueue::class, 'stats');
        $out = [];
        foreach (array_chunk(array_map('strval', $names), self::page()) as $chunk) {
            $stats = $this->object('queue')->stats($chunk);
            foreach ($chunk as $name) {
                $out[$name] = Kinds::queueState($stats[$name] ?? []);
            }
        }

        return $out;
    }

    /**
     * The last hour of $queue's counters, a minute at a time, oldest first
     * (RedisQueue::history()): each Kinds::counts()'s keys with 'at' (the
     * minute's start, Unix seconds by the server's clock) first; [] from an
     * extension without history().
     *
     * @return list<array<string, mixed>>
     */
    public function history(string $queue): array
    {
        if (!self::supports(\RedisQueue::class, 'history')) {
            return [];
        }
        $out = [];
        foreach ($this->object('queue')->history($queue) as $minute) {
            $counts = Kinds::countsOf($minute);
            if ($counts !== null && isset($minute['at'])) {
                $out[] = ['at' => (int) $minute['at']] + $counts;
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
        foreach ($this->deadLetters($queue, $count, 0) as $letter) {
            $out[] = [
                'id' => (string) $letter['id'],
                'attempts' => (int) $letter['attempts'],
                'time' => (float) $letter['time'],
                'payload_bytes' => isset($letter['payload']) ? (int) ($letter['payload_bytes'] ?? strlen((string) $letter['payload'])) : null,
            ];
        }

        return $out;
    }

    /**
     * RedisQueue::dead() with each payload cut to $bytes where the extension can
     * (its third parameter: 'payload_bytes' then the whole length); an older one
     * gives whole payloads.
     *
     * @return list<array<string, mixed>>
     */
    private function deadLetters(string $queue, int $count, int $bytes): array
    {
        return self::cuts() ? $this->object('queue')->dead($queue, $count, $bytes) : $this->object('queue')->dead($queue, $count);
    }

    /** Whether the loaded extension's RedisQueue::dead() cuts payloads ($payloadBytes). */
    private static function cuts(): bool
    {
        static $cuts = null;

        return $cuts ??= (new \ReflectionMethod(\RedisQueue::class, 'dead'))->getNumberOfParameters() >= 3;
    }

    /**
     * Puts the dead letters $ids (all of them when empty) back in $queue; returns how many.
     *
     * @param list<string> $ids
     */
    public function retryDead(string $queue, array $ids = []): int
    {
        return $this->object('queue')->retryDead($queue, $ids === [] ? null : array_values($ids));
    }

    public function purgeDead(string $queue): int
    {
        return $this->object('queue')->purgeDead($queue);
    }

    /**
     * Moves $queue onto the stream layout, or with $back to the zset layout: RedisQueue::migrate()'s counts.
     *
     * @return array{moved: int, settled: int, zset: int, inflight: int, layout: string}
     * @throws UnsupportedException when the extension predates the stream layout
     */
    public function migrate(string $queue, bool $back): array
    {
        if (!self::supports(\RedisQueue::class, 'migrate')) {
            throw new UnsupportedException('migrate-queue needs a redislock extension with RedisQueue::migrate()');
        }

        return $this->object('queue')->migrate($queue, $back);
    }

    /**
     * Pauses $queue, until resume() or for $for seconds: RedisQueue::pause()'s
     * answer (true when it was not paused).
     *
     * @throws UnsupportedException when the extension predates pause()
     */
    public function pause(string $queue, float $for): bool
    {
        if (!self::supports(\RedisQueue::class, 'pause')) {
            throw new UnsupportedException('pause-queue needs a redislock extension with RedisQueue::pause()');
        }

        return $this->object('queue')->pause($queue, $for);
    }

    /**
     * Ends $queue's pause: RedisQueue::resume()'s answer (true when it was paused).
     *
     * @throws UnsupportedException when the extension predates resume()
     */
    public function resume(string $queue): bool
    {
        if (!self::supports(\RedisQueue::class, 'resume')) {
            throw new UnsupportedException('resume-queue needs a redislock extension with RedisQueue::resume()');
        }

        return $this->object('queue')->resume($queue);
    }

    /** Removes the lock $name whoever holds it; true when there was one. */
    public function forceUnlock(string $name): bool
    {
        return $this->object('lock')->forceUnlock($name);
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
     * Walks a names() cursor to its end and yields pages of up to page() names,
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
    private function walkPages(callable $page, callable $read, ?callable $progress): \Generator
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
                if (count($batch) === self::page()) {
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
     * @return array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}
     */
    private function manyPage(string $kind, array $many): array
    {
        $rows = [];
        $errors = [];
        foreach ($many as $name => $info) {
            $name = (string) $name;
            if (is_array($info) && array_keys($info) === ['error']) {
                $errors[] = ['name' => $name, 'message' => (string) $info['error']];
            } elseif (($s = Kinds::view($kind, $info)) !== null) {
                $rows[] = ['name' => $name, 'state' => $s];
            }
        }

        return ['rows' => $rows, 'errors' => $errors];
    }

    /**
     * The states of a page of $kind in one round trip of a call that the server
     * refuses whole for one bad name (RedisQueue::stats(): one name is not a
     * queue): the halves are asked again, down to the names it refuses.
     *
     * @param list<string> $names
     * @return array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}
     */
    private function wholePage(string $kind, array $names): array
    {
        try {
            $answer = $this->object($kind)->{Kinds::of($kind)['many']}($names);
        } catch (\RedisLockServerException | \ValueError $e) {
            if (count($names) === 1) {
                return ['rows' => [], 'errors' => [['name' => $names[0], 'message' => $e->getMessage()]]];
            }
            $half = intdiv(count($names), 2);
            $first = $this->wholePage($kind, array_slice($names, 0, $half));
            $second = $this->wholePage($kind, array_slice($names, $half));

            return ['rows' => [...$first['rows'], ...$second['rows']], 'errors' => [...$first['errors'], ...$second['errors']]];
        }
        $rows = [];
        foreach ($names as $name) {
            $rows[] = ['name' => $name, 'state' => Kinds::view($kind, $answer[$name] ?? [])];
        }

        return ['rows' => $rows, 'errors' => []];
    }

    /** The object of $kind's class on the connection, with the kind's prefix. */
    private function object(string $kind): \RedisLock|\RedisSemaphore|\RedisQueue|\RedisRateLimiter|\RedisLatch
    {
        return $this->objects[$kind] ??= new (Kinds::of($kind)['class'])($this->options($this->prefixes[$kind]));
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
}
