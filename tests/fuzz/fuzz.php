<?php
/*
 * Fuzzer of the public API: calls every public method of RedisLock, RedisSemaphore,
 * RedisQueue, RedisRateLimiter and RedisLatch, the constructors too, with random
 * arguments of every PHP type, against the test servers of tests/run.
 *
 *   tests/run --fuzz [CALLS] [SEED]    built with ASan, against throwaway servers
 *   php tests/fuzz/fuzz.php [--calls N] [--seed S] [--seconds T]   (REDISLOCK_TEST_* set)
 *
 * The only accepted outcomes of a call are a result of the declared return type,
 * TypeError, ValueError, ArgumentCountError, an Error for a wrong call shape
 * (unknown or repeated named argument, a second __construct(), an object whose
 * constructor was not run), a RedisLockException subclass, or the documented
 * BadMethodCallException of fencingToken(), lockShared(), inspect() and names()
 * (and their kin) on a redlock object, and of watchLock() and addLock(..., watch: true)
 * without the watchdog;
 * and RedisSemaphore and RedisQueue must refuse a connection with redlock or
 * min_replicas, RedisRateLimiter one with redlock or the watchdog, RedisLatch one
 * with redlock, min_replicas, the watchdog, holder or the queue's options (a
 * ValueError, or a TypeError for another option of it), and a token of
 * RedisSemaphore::acquire() must read "<permits>:<32 hex digits>".
 * Anything else fails the run: another exception, a crash, a hang (SIGALRM after
 * 30 s in one call), or any PHP warning, notice or deprecation. One exception to
 * the last rule: calls made from tests/fuzz/fuzz_coercive.inc (not strict_types) may
 * get the engine's own coercion diagnostics for the argument (null to a scalar
 * parameter, a float with a fraction to an int parameter, and from PHP 8.5 NAN to
 * a string parameter), which PHP raises before the method runs.
 *
 * RedisRateLimiter gets its counts, intervals and policies at and past their
 * bounds (0, 10^9, 10^9 + 1, PHP_INT_MAX, NAN, INF, 3153600000 s, unknown policies),
 * and waits of 20 ms at most. Its ValueErrors and TypeErrors must name their
 * parameter, its answers have the documented keys, types and bounds, and around
 * each call of its working pool objects (on a database of their own) the fuzzer
 * checks the server: no key written but prefix . name, a state of integers that
 * expires, and a call that consumed nothing (an error, a refused consume(), a
 * peek(), a wait() that returned false, inspect(), names()) left the key as it was.
 *
 * RedisLatch gets its counts (set()'s $count, countDown()'s $by) at and past their
 * bounds (0, 1, MAX_COUNT = 10^15, 10^15 + 1, PHP_INT_MAX, negative), its $ttl at
 * and past its bounds (5e-324, 1 ms, 1e9, 1e9 + 1, 0, negative, NAN, INF), and
 * await() only the short or out-of-range waits every class gets (20 ms at most):
 * no call blocks for long. Its ValueErrors and TypeErrors must name their
 * parameter; a call that got past the argument checks (an answer, or a
 * RedisLockException) had every name, count, step, ttl and timeout in range, and
 * a ValueError about one of those had it out of range. Its answers have the
 * documented types and bounds: set() and await() a bool, countDown() and count()
 * false or 0 to MAX_COUNT, inspect() null or ['count' => 0 to MAX_COUNT, 'open'
 * => (count === 0), 'ttl' => null or finite seconds from 0 to 1e9], names() the
 * list and cursor of the other classes. Its working pool objects have a prefix of
 * their own.
 *
 * Besides random values, the calls get the shapes that once broke extensions like
 * this one: options arrays that refer back into themselves ($o['redlock'][0] = &$o,
 * $o['tls'] = &$o, $o['sentinel'][] = &$o, $o['cluster'] = [&$o]) or hold
 * references to scalars, options nested in options several levels down (redlock
 * members with their own sentinel, cluster or redlock lists, tls arrays holding
 * arrays), extreme numbers (1e300, -0.0, NAN, INF, PHP_INT_MIN, 1e9 + 1, 2**63, ...)
 * in every numeric option, parameter and DSN value, and callbacks of synchronized()
 * (RedisLock's and RedisSemaphore's) that misbehave: they fork (the child returns,
 * uses the inherited object, exits or execs at once; it never prints and never
 * draws another call, and the parent reaps it, checks its exit status and report,
 * that it still holds its lock, and that every hold of the name it had (the
 * exclusive lock, shared holds, a semaphore's permits) is still in Redis: a child
 * never releases its parent's locks or permits), call the same object
 * re-entrantly, throw, or destroy objects of the pool.
 *
 * Well-formed calls are mixed in, so that the methods get past their argument
 * checks: lock(), lockShared(), unlock() and the like on a few realistic names
 * through two objects (shared holds, promotions by lock() on a name held shared,
 * demotions by lockShared() on a name held exclusively, contention), and
 * acquire(), release(), extend(), count() of semaphores with limits of 1 to 5,
 * permits up to the limit and tokens that acquire() really returned, or garbage;
 * of the rate limiters, consume(), peek(), wait() and the like on names that keep
 * their rule; of the latches, set() with counts of 0 to 3 and lifetimes of 50 ms
 * to 2 s (so that the names come back), countDown(), await() with timeouts of
 * 20 ms at most, count(), inspect() and names() on the same few names.
 *
 * The calls are drawn from a seeded Mt19937: the same seed draws the same calls.
 * The seed is printed first; a failure prints the call that failed. A crash (a
 * sanitizer report) prints no call: with REDISLOCK_FUZZ_TRACE=1 in the environment
 * every call is written to stderr before it is made, so the last one is the culprit.
 */

declare(strict_types=1);

require_once __DIR__ . '/../harness/redislock_test.inc';
require_once __DIR__ . '/fuzz_coercive.inc';

final class FuzzFailure extends RuntimeException {}
final class FuzzCallbackException extends RuntimeException {}

/** Never calls its parent's constructor: every method must refuse it with an Error. */
final class FuzzUnconstructedLock extends RedisLock
{
    public function __construct() {}
}

final class FuzzUnconstructedSemaphore extends RedisSemaphore
{
    public function __construct() {}
}

final class FuzzUnconstructedQueue extends RedisQueue
{
    public function __construct() {}
}

final class FuzzUnconstructedLimiter extends RedisRateLimiter
{
    public function __construct() {}
}

final class FuzzUnconstructedLatch extends RedisLatch
{
    public function __construct() {}
}

final class FuzzStringable
{
    public function __construct(private string $s) {}

    public function __toString(): string
    {
        return $this->s;
    }
}

function fuzz_call_strict(object $object, string $method, array $args): mixed
{
    return $object->$method(...$args);
}

function fuzz_new_strict(string $class, array $args): object
{
    return new $class(...$args);
}

final class Fuzzer
{
    private const CLASSES = ['RedisLock', 'RedisSemaphore', 'RedisQueue', 'RedisRateLimiter', 'RedisLatch'];
    /** After the run's marker, the key prefix of the pool's semaphores: apart from the locks' keys. */
    private const SEM_PREFIX = 'Semaphore:';
    /** After the run's marker, the key prefix of the pool's rate limiters. */
    private const LIM_PREFIX = 'Limiter:';
    /** After the run's marker, the key prefix of the pool's latches. */
    private const LATCH_PREFIX = 'Latch:';
    /** RedisLatch::MAX_COUNT: the largest count of set() and step of countDown(). */
    private const LATCH_MAX = 1000000000000000;
    /**
     * The database of the pool's working rate limiters: apart from the locks',
     * semaphores' and queues' keys, so that every key of it can be listed
     * before and after each call of theirs.
     */
    private const LIM_DATABASE = 13;
    /** The rate limiters' policies, as the methods take them. */
    private const POLICIES = ['token_bucket', 'fixed_window', 'sliding_window'];
    /** The objects of the pool of each class, the main one first. */
    private const TARGETS = [
        'RedisLock' => ['lock', 'lock2', 'lock_dead', 'lock_unconstructed', 'fresh_lock'],
        'RedisSemaphore' => ['sem', 'sem2', 'sem_wd', 'sem_dead', 'sem_unconstructed', 'fresh_sem'],
        'RedisQueue' => ['queue', 'queue_dead', 'queue_unconstructed', 'fresh_queue'],
        'RedisRateLimiter' => ['limiter', 'limiter2', 'limiter_dead', 'limiter_unconstructed', 'fresh_limiter'],
        'RedisLatch' => ['latch', 'latch2', 'latch_dead', 'latch_unconstructed', 'fresh_latch'],
    ];
    private Random\Randomizer $rnd;
    private string $marker;
    private string $big;
    /** @var array<string, array<string, ReflectionMethod>> */
    private array $methods = [];
    /** @var array<string, object> */
    private array $pool = [];
    private array $names = [];
    private array $tokens = [];
    /** Tokens that RedisSemaphore::acquire() returned. */
    private array $semTokens = [];
    private array $scores = [];
    private array $diagnostics = [];
    private int $deadPort;
    /** A connection without the extension, to look at the keys. */
    private ?RawRedis $raw = null;
    /** The same, on the rate limiters' database. */
    private ?RawRedis $limRaw = null;
    public int $calls = 0;
    public array $outcomes = [];
    public array $perMethod = [];
    private int $depth = 0;
    private string $current = '';
    /** The fuzzer's own process: in any other (a child forked by a callback) no call may be drawn. */
    private readonly int $pid;
    /** @var list<array{target: string, object: ?object, method: string, args: array}> the calls under way, innermost last */
    private array $running = [];
    /** @var resource|null In a child forked by a callback: where it reports to its parent. */
    private $childReport = null;
    /** @var list<string> In a child forked by a callback: what it found wrong. */
    private array $childFailures = [];
    /** A program that exits at once, for a child that replaces itself (no PHP shutdown at all). */
    private readonly ?string $trueBinary;
    /** REDISLOCK_FUZZ_TRACE: every call to stderr before it is made. */
    private readonly bool $trace;

    public function __construct(public readonly int $seed)
    {
        $this->rnd = new Random\Randomizer(new Random\Engine\Mt19937($seed));
        $this->pid = getmypid();
        $this->trueBinary = array_values(array_filter(['/bin/true', '/usr/bin/true'], 'is_executable'))[0] ?? null;
        $this->trace = (bool) getenv('REDISLOCK_FUZZ_TRACE');
        /* The run's key prefix, in one of the shapes users give: plain, or a hash
         * tag at the start (with and without a separator) or in the middle, under
         * which our own keys start like names (see names_every_prefix_shape). */
        $run = getmypid() . ':' . $seed;
        $this->marker = [
            "fuzz:$run:", "{fuzz:$run}:", "{fuzz:$run}", 'fuzz{' . $run . '}:x:',
        ][$seed % 4];
        $this->big = str_repeat("\x00big\xff", 1 << 18);   // 1.25 MiB of binary
        $this->deadPort = rl_dead_port();
        foreach (self::CLASSES as $class) {
            foreach ((new ReflectionClass($class))->getMethods(ReflectionMethod::IS_PUBLIC) as $m) {
                $this->methods[$class][$m->getName()] = $m;
            }
        }
        for ($i = 0; $i < 12; $i++) {
            $this->names[] = "n$i";
        }
        array_push($this->names, "bin\x00\r\n%n%s{}", '{', '}', '{tag}x', "\xff\xfe\xc3\x28", ' ', 'ü',
            /* Unmatched braces, braces in the wrong order, an empty pair before a tag:
             * each makes the scripts derive their sibling keys from a hint. */
            'tenant{42', 'a}b', '}{x', 'x{}y', '{}', '{}{t}z', "\r\n{", '%s}%n');
        $this->resetPool();
        set_error_handler(function (int $no, string $msg, string $file = '', int $line = 0): bool {
            $this->diagnostics[] = "$no: $msg";
            return true;
        });
    }

    /** Every key of this run: cleaned up at the end. */
    public function cleanup(): int
    {
        $deleted = 0;
        foreach (['0', (string) self::LIM_DATABASE] as $db) {
            $raw = new RawRedis();
            $raw->call('SELECT', $db);
            $cursor = '0';
            do {
                [$cursor, $keys] = $raw->call('SCAN', $cursor, 'MATCH', '*' . $this->marker . '*', 'COUNT', '1000');
                foreach ($keys as $key) {
                    $deleted += $raw->call('DEL', $key);
                }
            } while ($cursor !== '0');
        }
        return $deleted;
    }

    /* ---- random values ------------------------------------------------------------- */

    private function int(int $min, int $max): int
    {
        return $this->rnd->getInt($min, $max);
    }

    /** A uniform float in [$min, $max). */
    private function real(float $min, float $max): float
    {
        return $min + ($max - $min) * ($this->rnd->getInt(0, (1 << 53) - 1) / (float) (1 << 53));
    }

    private function chance(float $p): bool
    {
        return $this->rnd->getInt(0, 999999) < $p * 1000000;
    }

    private function pick(array $list): mixed
    {
        return $list[$this->int(0, count($list) - 1)];
    }

    private function bytes(int $max): string
    {
        $n = $this->int(0, $max);
        return $n === 0 ? '' : $this->rnd->getBytes($n);
    }

    private function float(): float
    {
        return match ($this->int(0, 9)) {
            0 => $this->pick([NAN, INF, -INF, -0.0, 0.0]),
            1 => $this->pick([PHP_FLOAT_MAX, -PHP_FLOAT_MAX, PHP_FLOAT_EPSILON, PHP_FLOAT_MIN, 5e-324, 1e300, -1e300]),
            2 => $this->pick([1e9, 1e9 + 1, 999999999.999, 1e-3, 1e-4, 1e-7, 0.0005, 9.2233720368547758e18]),
            3 => -$this->real(0, 100),
            4 => (float) $this->int(PHP_INT_MIN, PHP_INT_MAX),
            default => $this->real(0, 5),
        };
    }

    private function integer(): int
    {
        return match ($this->int(0, 5)) {
            0 => $this->pick([PHP_INT_MAX, PHP_INT_MIN, PHP_INT_MIN + 1, -1, 0]),
            1 => $this->pick([2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 32, 2 ** 53 + 1, 1000000000, 1000000001]),
            2 => $this->int(PHP_INT_MIN, PHP_INT_MAX),
            default => $this->int(-3, 20),
        };
    }

    private function string(): string
    {
        return match ($this->int(0, 14)) {
            0 => '',
            1 => $this->bytes(64),
            2 => "a\x00b",
            3 => "\xff\xfe\xc3\x28\xe2\x82",
            4 => $this->pick(['%n%s%x%p%%', '{}', '{', '}', '{a}b{c}', "\r\n", "*1\r\n\$4\r\nPING\r\n", "\x00"]),
            5 => $this->pick(['0', '1', '-1', '1e3', ' 1', '1 ', '0x1A', '1.5', 'NAN', 'INF', '9223372036854775808', '1e309']),
            6 => $this->chance(0.3) ? $this->big : str_repeat('x', $this->int(1000, 70000)),
            7 => $this->marker . $this->bytes(8),
            default => $this->pick($this->names),
        };
    }

    /** A callback; with $misbehave one that throws, calls back, forks, drops objects or re-enters. */
    private function closure(int $depth = 0, bool $misbehave = false): Closure
    {
        $value = $this->value($depth + 1);
        return match ($misbehave ? $this->int(1, 6) : $this->int(0, 7)) {
            0 => fn() => $value,
            1 => function () {
                throw new FuzzCallbackException('from the callback');
            },
            2 => function () use ($value) {
                /* Calls back into the objects while a method of theirs is running. */
                if ($this->depth < 2) {
                    $this->oneCall();
                    $this->oneCall();
                }
                return $value;
            },
            3 => function () use ($value) {
                $this->forkInCallback();
                return $value;
            },
            4 => function () use ($value) {
                if ($this->depth < 3) {
                    $this->dropObjects();
                }
                return $value;
            },
            5 => function () use ($value) {
                $this->reenter();
                return $value;
            },
            6 => function () {
                /* Re-entrant calls, then a throw: the lock is released on the way out
                 * whatever the calls did to it. */
                $this->reenter();
                throw new FuzzCallbackException('from the callback, after re-entrant calls');
            },
            default => fn(...$args) => count($args),
        };
    }

    /** The name a running call of synchronized() (or any lock method) was given, when it is a string. */
    private function runningName(array $running): ?string
    {
        $name = $running['args']['name'] ?? $running['args'][0] ?? null;
        return is_string($name) && $name !== '' ? $name : null;
    }

    /** The limit a running call of RedisSemaphore::synchronized() was given, when it is a valid one. */
    private function runningLimit(array $running): ?int
    {
        $limit = $running['args']['limit'] ?? $running['args'][1] ?? null;
        return is_int($limit) && $limit >= 1 && $limit <= 5 ? $limit : null;
    }

    /** The class of an object of the pool, as $this->methods names it. */
    private function classOf(object $object): string
    {
        foreach (self::CLASSES as $class) {
            if ($object instanceof $class) {
                return $class;
            }
        }
        throw new LogicException('not an object of the extension: ' . get_class($object));
    }

    /**
     * A token for a semaphore: one acquire() returned (of $name, when there is one
     * and $name is given), or a forged or foreign one.
     */
    private function semToken(?string $name = null): string
    {
        if ($this->semTokens && $this->chance(0.6)) {
            $own = $name === null ? [] : array_values(array_filter($this->semTokens, fn(array $t) => $t[0] === $name));
            return $this->pick($own && $this->chance(0.8) ? $own : $this->semTokens)[1];
        }
        $issued = fn(): string => $this->pick($this->semTokens)[1];
        return match ($this->int(0, 6)) {
            0 => $this->int(0, 6) . ':' . bin2hex($this->rnd->getBytes(16)),   // well formed, never issued
            1 => $this->semTokens ? (string) strstr($issued(), ':') : '1:',   // the random part alone
            2 => $this->semTokens ? '9' . $issued() : '-1:' . str_repeat('0', 32),   // other permits
            3 => $this->tokens ? $this->pick($this->tokens) : 'shared:' . bin2hex($this->rnd->getBytes(16)),   // a lock's
            4 => $this->pick(['1', ':', '0:0', 'shared:', "1:\x00", '*', '%s', '{x}', '1:' . str_repeat('f', 1000)]),
            default => $this->string(),
        };
    }

    /**
     * From a callback: calls methods of the object whose synchronized() runs it, on
     * the same name or another (lock, unlock, synchronized, unlockAll, ...), or takes
     * the same name through another object. Each goes through the same checks as
     * any call.
     */
    private function reenter(): void
    {
        $running = end($this->running);
        if ($running === false || $running['object'] === null || $this->depth >= 3) {
            return;
        }
        $own = $this->runningName($running);
        $ownLimit = $this->runningLimit($running);
        for ($i = $this->int(1, 4); $i > 0; $i--) {
            $object = $running['object'];
            $target = $running['target'];
            /* The same name through another object: busy, or shared with it. */
            if ($this->chance(0.15) && isset($this->pool['lock2']) && $object instanceof RedisLock) {
                $object = $this->pool['lock2'];
                $target = 'lock2';
            } elseif ($this->chance(0.15) && isset($this->pool['sem2']) && $object instanceof RedisSemaphore) {
                $object = $this->pool['sem2'];
                $target = 'sem2';
            }
            $class = $this->classOf($object);
            $name = $own !== null && $this->chance(0.7) ? $own : $this->name();
            $limit = $ownLimit !== null && $this->chance(0.7) ? $ownLimit : $this->int(1, 5);
            [$method, $args] = match ($class) {
                'RedisLock' => match ($this->int(0, 17)) {
                    0, 1 => ['lock', [$name, $this->wait(), $this->pick([0.001, 1.0, 15.0, 1e9])]],
                    2, 3 => ['unlock', [$name]],
                    4, 5 => ['synchronized', [$name, $this->closure(1), $this->wait(), $this->pick([0.001, 1.0, 15.0])]],
                    6 => ['unlockAll', []],
                    7 => ['expire', [$name, $this->pick([0.001, 0.5, 30.0])]],
                    8 => ['isLocking', [$name]],
                    9 => ['ttl', [$name]],
                    10 => ['forceUnlock', [$name]],
                    11 => ['lockMany', [[$name, $this->name()], $this->wait()]],
                    12 => ['fencingToken', [$name]],
                    13 => ['__construct', [$this->safeConnection()]],   // a second constructor call: Error
                    /* Inside synchronized(), which holds $name exclusively: a demotion,
                     * then (below, or in a later call) lock() again, a promotion. */
                    14, 15, 16 => ['lockShared', [$name, $this->wait(), $this->pick([0.001, 1.0, 15.0])]],
                    default => ['holdsLock', [$name, $this->tokens ? $this->pick($this->tokens) : $this->string()]],
                },
                'RedisSemaphore' => match ($this->int(0, 10)) {
                    0, 1, 2 => ['acquire', [$name, $limit, $this->wait(), $this->pick([0.001, 1.0, 15.0]), $this->int(1, $limit)]],
                    3, 4 => ['release', [$name, $this->semToken()]],
                    5 => ['extend', [$name, $this->semToken(), $this->pick([0.001, 0.5, 30.0])]],
                    6 => ['count', [$name]],
                    7, 8 => ['synchronized', [$name, $limit, $this->closure(1), $this->wait(), $this->pick([0.001, 1.0, 15.0])]],
                    9 => ['__construct', [$this->safeConnection()]],   // a second constructor call: Error
                    default => [$this->pick(array_keys($this->methods[$class])), null],
                },
                default => [$this->pick(array_keys($this->methods[$class])), null],
            };
            $this->depth++;
            try {
                $this->call([$class, $target, $object, $method, $args]);
            } finally {
                $this->depth--;
            }
        }
    }

    /**
     * From a callback: destroys objects of the pool while a method of one of them
     * runs (that one lives on until its call returns; later calls on it go to the
     * main objects, which are made again when missing).
     */
    private function dropObjects(): void
    {
        switch ($this->int(0, 3)) {
            case 0:
                unset($this->pool[$this->pick(['lock2', 'lock_dead', 'queue_dead', 'fresh_lock', 'fresh_queue',
                    'lock_unconstructed', 'queue_unconstructed', 'sem2', 'sem_dead', 'fresh_sem', 'sem_unconstructed',
                    'limiter2', 'limiter_dead', 'fresh_limiter', 'limiter_unconstructed',
                    'latch2', 'latch_dead', 'fresh_latch', 'latch_unconstructed'])]);
                break;
            case 1:
                foreach (array_keys($this->pool) as $key) {
                    if (!in_array($key, ['lock', 'queue', 'sem', 'limiter', 'latch'], true)) {
                        unset($this->pool[$key]);
                    }
                }
                break;
            case 2:
                /* Replaced: the old one goes at once, unless it is the one running. */
                unset($this->pool[$this->pick(['lock', 'lock2', 'queue', 'sem', 'sem2', 'limiter', 'limiter2', 'latch', 'latch2'])]);
                $this->refillPool();
                break;
            default:
                $this->resetPool();
        }
    }

    /**
     * From a callback: forks. The child (with a 10 s alarm) leaves the callback at
     * once, or first uses the inherited object on its parent's lock, or exits from
     * inside the callback, or replaces itself with a program that exits (no PHP
     * shutdown at all). One that leaves the callback finishes the running call,
     * and callChecked() ends it there: it never draws another call. It never
     * prints: what it finds wrong reaches the parent over a socket pair. The parent
     * reaps it, fails on a crash, a hang or a report, and checks that a lock it
     * holds for a while yet is still its own, or, in a semaphore's synchronized(),
     * that every acquisition of the name with some life left (its own permit
     * among them) is still there: the child may take and give back permits of
     * its own, never its parent's.
     */
    private function forkInCallback(): void
    {
        if ($this->depth > 3 || !$this->isParent() || !function_exists('pcntl_fork')) {
            return;
        }
        $running = end($this->running) ?: null;
        $name = $running !== null ? $this->runningName($running) : null;
        $how = $this->pick(['return', 'return', 'use', 'exit', 'exec']);
        if ($how === 'exec' && $this->trueBinary === null) {
            $how = 'exit';
        }
        $uses = [];
        if ($how === 'use' && $name !== null && $running['object'] instanceof RedisLock) {
            for ($i = $this->int(1, 3); $i > 0; $i--) {
                $uses[] = $this->pick([['unlock', [$name]], ['unlockAll', []], ['lock', [$name, 0]], ['isLocking', [$name]],
                    ['expire', [$name, 0.001]], ['synchronized', [$name, fn() => 1]], ['ttl', [$name]],
                    ['lockShared', [$name, 0]], ['lockShared', [$name, 0, 0.001]],
                    ['lock', ["$name:child", 0, 5]], ['unlock', ["$name:child"]], ['lockShared', ["$name:child", 0, 5]]]);
            }
        }
        if ($how === 'use' && $name !== null && $running['object'] instanceof RedisSemaphore) {
            $limit = $this->runningLimit($running) ?? 1;
            /* Never a token the parent got: a release with it would be a legitimate one. */
            $forged = fn(): string => $this->int(1, 5) . ':' . bin2hex($this->rnd->getBytes(16));
            for ($i = $this->int(1, 3); $i > 0; $i--) {
                $uses[] = $this->pick([['count', [$name]], ['acquire', [$name, $limit, 0, 5]], ['acquire', [$name, $limit + 1, 0, 5]],
                    ['synchronized', [$name, $limit, fn() => 1]], ['release', [$name, $forged()]], ['extend', [$name, $forged(), 0.001]],
                    ['acquire', ["$name:child", 2, 0, 5, $this->int(1, 2)]], ['count', ["$name:child"]]]);
            }
        }
        if (!$uses && $how === 'use') {
            $how = 'return';
        }
        /* The parent's lock, when the main objects hold it for more than 5 s yet. */
        $watch = null;
        if ($name !== null && $running['object'] instanceof RedisLock && in_array($running['target'], ['lock', 'lock2'], true)) {
            try {
                $ttl = $running['object']->ttl($name);
                if ($ttl !== null && $ttl > 5 && $running['object']->isLocking($name)) {
                    $watch = $running['object'];
                }
            } catch (RedisLockException) {
            }
        }
        /* The holds of the name that have more than 5 s to live, as Redis has them
         * (the exclusive lock's token, shared holders', a semaphore's acquisitions):
         * all the parent's, as nobody else uses these keys. */
        $holds = [];
        $key = null;
        if ($name !== null && in_array($running['target'], ['lock', 'lock2', 'sem', 'sem2'], true)) {
            $key = $this->marker . ($running['object'] instanceof RedisSemaphore ? self::SEM_PREFIX : '') . $name;
            $holds = $this->holds($key, 5000);
        }
        $pair = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        if ($pair === false) {
            return;
        }
        $pid = pcntl_fork();
        if ($pid === 0) {
            fclose($pair[0]);
            $this->childReport = $pair[1];
            pcntl_alarm(10);
            while (ob_get_level() > 0) {
                ob_end_clean();   // the parent's buffered output is the parent's to print
            }
            switch ($how) {
                case 'exit':
                    exit(0);
                case 'exec':
                    pcntl_exec($this->trueBinary);
                    exit(0);
                case 'use':
                    foreach ($uses as [$method, $args]) {
                        $this->childCall($running['object'], $method, $args);
                    }
            }
            return;   // the child leaves the callback
        }
        fclose($pair[1]);
        if ($pid === -1) {
            fclose($pair[0]);
            return;
        }
        pcntl_waitpid($pid, $status);
        $report = trim((string) stream_get_contents($pair[0]));
        fclose($pair[0]);
        $child = 'the child forked in the callback (' . match ($how) {
            'return' => 'it returned from the callback',
            'use' => 'it called ' . implode(', ', array_map(fn(array $u) => $this->describeCall('', $u[0], $u[1], false), $uses))
                . ' on the inherited object, then returned',
            'exit' => 'it exited inside the callback',
            default => "it replaced itself with $this->trueBinary inside the callback",
        } . ')';
        if (pcntl_wifsignaled($status)) {
            $this->fail("$child was killed by signal " . pcntl_wtermsig($status)
                . (pcntl_wtermsig($status) === SIGALRM ? ' (it hung for 10 s)' : '') . ($report !== '' ? ": $report" : ''));
        }
        if (!pcntl_wifexited($status) || pcntl_wexitstatus($status) !== 0 || $report !== '') {
            $this->fail("$child exited with status " . pcntl_wexitstatus($status) . ($report !== '' ? ": $report" : ''));
        }
        if ($watch !== null) {
            try {
                $held = $watch->isLocking($name);
            } catch (RedisLockException $e) {
                $this->fail("after $child, the parent's isLocking() threw " . get_class($e) . ': ' . $e->getMessage());
            }
            if (!$held) {
                $this->fail("after $child, the parent no longer holds its lock \"" . addcslashes($name, "\0..\37\177..\377") . '"');
            }
        }
        if ($holds) {
            $gone = array_diff($holds, $this->holds($key, 0));
            if ($gone) {
                $this->fail("after $child, the parent's " . ($running['object'] instanceof RedisSemaphore ? 'permits' : 'holds')
                    . ' of "' . addcslashes($name, "\0..\37\177..\377") . '" are gone: ' . implode(', ', $gone));
            }
        }
    }

    /**
     * The tokens that hold the key of a lock or semaphore with more than $ms
     * milliseconds to live (by Redis's clock), read without the extension: the
     * value of an exclusive lock, the members of a sorted set of shared holders
     * or of a semaphore's acquisitions.
     *
     * @return list<string>
     */
    private function holds(string $key, int $ms): array
    {
        $this->raw ??= new RawRedis();
        $type = $this->raw->call('TYPE', $key);
        if ($type === 'string') {
            $pttl = $this->raw->call('PTTL', $key);
            $value = $this->raw->call('GET', $key);
            return is_int($pttl) && $pttl > $ms && is_string($value) ? [$value] : [];
        }
        if ($type !== 'zset') {
            return [];
        }
        [$seconds, $micro] = $this->raw->call('TIME');
        $now = intdiv((int) $micro, 1000) + 1000 * (int) $seconds;
        $tokens = $this->raw->call('ZRANGEBYSCORE', $key, '(' . ($now + $ms), '+inf');
        return is_array($tokens) ? $tokens : [];
    }

    /** In a child forked by a callback: one call on the inherited object, checked like any. */
    private function childCall(object $object, string $method, array $args): void
    {
        $m = $this->methods[$this->classOf($object)][$method];
        $this->diagnostics = [];
        $result = null;
        $error = null;
        try {
            $result = $object->$method(...$args);
        } catch (Throwable $e) {
            $error = $e;
        }
        $why = $this->verdict($m, false, false, $result, $error, $this->diagnostics);
        if ($why !== null) {
            $this->childFailures[] = $this->describeCall('', $method, $args, false) . ": $why";
        }
    }

    /**
     * Ends a child forked by a callback, from the call it was forked in (or from
     * anywhere it got to by mistake): its objects go first, then what it found
     * wrong goes to its parent, and it exits, 1 when it found anything.
     */
    private function childExit(?string $why): never
    {
        if ($why !== null) {
            $this->childFailures[] = "its own call: $why";
        }
        $this->diagnostics = [];
        $this->running = [];
        $this->pool = [];   // destroyed in the child: the parent's locks and connections must not mind
        gc_collect_cycles();
        if ($this->diagnostics) {
            $this->childFailures[] = 'PHP diagnostics when its objects were destroyed: ' . implode(' | ', $this->diagnostics);
        }
        if ($this->childReport !== null) {
            fwrite($this->childReport, implode("\n", $this->childFailures));
            fclose($this->childReport);
        }
        exit($this->childFailures ? 1 : 0);
    }

    private function isParent(): bool
    {
        return getmypid() === $this->pid;
    }

    /** A value of any PHP type. */
    public function value(int $depth = 0): mixed
    {
        $kind = $this->int(0, $depth >= 3 ? 9 : 13);
        switch ($kind) {
            case 0: return null;
            case 1: return $this->chance(0.5);
            case 2: case 3: return $this->integer();
            case 4: case 5: return $this->float();
            case 6: case 7: case 8: case 9: return $this->string();
            case 10:
            case 11:
                $a = [];
                $n = $this->int(0, 5);
                $assoc = $this->chance(0.3);
                for ($i = 0; $i < $n; $i++) {
                    $v = $this->value($depth + 1);
                    if ($assoc) {
                        $a[$this->chance(0.5) ? $this->string() : $this->integer()] = $v;
                    } else {
                        $a[] = $v;
                    }
                }
                if ($this->chance(0.05)) {
                    $a['self'] = &$a;   // an array that contains itself
                }
                return $a;
            case 12:
                return match ($this->int(0, 7)) {
                    0 => new stdClass(),
                    1 => new ArrayObject([$this->string()]),
                    2 => new FuzzStringable($this->string()),
                    3 => $this->pool[$this->pick(array_keys($this->pool))],   // not array_rand(): the seed alone decides
                    4 => (function () { yield 1; })(),
                    5 => STDERR,
                    6 => new DateTimeImmutable('@0'),
                    default => $this->closure($depth),
                };
            default:
                return $this->closure($depth);
        }
    }

    /* ---- plausible values, by parameter name --------------------------------------- */

    private function name(): string
    {
        if ($this->chance(0.003)) {
            return $this->big;
        }
        return $this->chance(0.9) ? $this->pick($this->names) : $this->string();
    }

    /** A wait: short, or out of range. Never a long valid wait, so no call blocks for long. */
    private function wait(): float|int
    {
        return match ($this->int(0, 5)) {
            0 => $this->pick([NAN, INF, -INF, -1.0, -1e-9, 1e10, 1e300, PHP_FLOAT_MAX, -0.0]),
            1 => 0,
            default => $this->real(0, 0.02),
        };
    }

    /**
     * An extreme number for a wait: every one of them is out of range, or a wait
     * shorter than a millisecond. Never 1e9 (which is valid, and would block).
     */
    private function extremeWait(): int|float|string
    {
        return $this->pick([1e300, -1e300, 1e-300, -0.0, NAN, INF, -INF, PHP_INT_MAX, PHP_INT_MIN, 0, 1e9 + 1, 0.0005,
            2 ** 53, (float) 2 ** 63, 2147483648, -1, '1e300', '1e-300', '9223372036854775808', '-0', 'NAN', '0.0005']);
    }

    /**
     * A count of a rate limiter ($limit, $tokens, $burst): small, at its bounds
     * (1 and 10^9) and past them, or huge and negative.
     */
    private function limiterCount(): int|float|string
    {
        return match ($this->int(0, 9)) {
            0 => $this->pick([0, -1, 1000000000, 1000000001, PHP_INT_MAX, PHP_INT_MIN, 2 ** 31, 2 ** 32, 2 ** 53 + 1]),
            1 => $this->chance(0.5) ? $this->integer() : $this->extreme(),
            2 => $this->int(1, 1000000000),
            default => $this->int(1, 6),
        };
    }

    /**
     * An interval of a rate limiter: short or long valid ones, its bounds (0.001
     * and 3153600000 s, 100 years) and just past them, a year and just past it,
     * zero, negative, NAN, INF, huge.
     */
    private function limiterInterval(): int|float|string
    {
        return match ($this->int(0, 9)) {
            0 => $this->pick([0.001, 0.0009999, 0.0005, 31536000, 31536000.5, 3153600000, 3153600000.0, 3153600000.5, 3153600001, 31536000000.0]),
            1 => $this->pick([0, 0.0, -0.0, -1, -0.001, NAN, INF, -INF, 1e300, PHP_FLOAT_MAX, PHP_FLOAT_EPSILON, 5e-324, PHP_INT_MAX]),
            2 => $this->chance(0.5) ? $this->float() : $this->extreme(),
            3 => $this->int(1, 86400),
            default => $this->pick([0.001, 0.01, 0.05, 0.2, 1, 1.0, 2.5, 60, 3600]),
        };
    }

    /** A policy: each of the three, or one that is not (case, NUL, padding, empty, another class's word). */
    private function limiterPolicy(): string
    {
        if ($this->chance(0.8)) {
            return $this->pick(self::POLICIES);
        }
        return $this->pick(['', 'TOKEN_BUCKET', 'token_bucket ', ' token_bucket', "token_bucket\x00", "fixed_window\x00x", 'leaky_bucket',
            'sliding', 'window', 't', 'f', 's', 'gcra', 'no_limit', 'fixed-window', 'tokenbucket', "\xff\xfe", $this->string()]);
    }

    /** A value for a parameter of RedisRateLimiter, or null to draw as for the other classes. */
    private function limiterArgument(string $param): ?array
    {
        return match ($param) {
            'limit', 'tokens' => [$this->limiterCount()],
            'burst' => [$this->chance(0.4) ? null : $this->limiterCount()],
            'interval' => [$this->limiterInterval()],
            'policy' => [$this->limiterPolicy()],
            'count' => [$this->chance(0.8) ? $this->pick([1, 2, 10, 100, 1000]) : $this->limiterCount()],
            'cursor' => [$this->chance(0.6) ? null : $this->pick(['0', '', '-1', '18446744073709551616', 'x', "0\x00", '1e3'])],
            default => null,
        };
    }

    /**
     * A count of a latch (set()'s $count, countDown()'s $by): small, at its bounds
     * (0, 1, MAX_COUNT = 10^15) and past them (10^15 + 1, PHP_INT_MAX, negative),
     * the same as floats and strings (coercive mode), or any number.
     */
    private function latchCount(): int|float|string
    {
        return match ($this->int(0, 9)) {
            0, 1 => $this->pick([0, 1, self::LATCH_MAX, self::LATCH_MAX - 1, self::LATCH_MAX + 1, PHP_INT_MAX, -1, PHP_INT_MIN,
                -self::LATCH_MAX, 2 ** 53, 2 ** 53 + 1, 2 ** 31, 2 ** 32]),
            2 => $this->pick([1e15, 1e15 + 1, 1e15 - 1, 0.0, -0.0, -1.0, 1.5, '1000000000000000', '1000000000000001',
                '1e15', '0', '-1', ' 1', '9223372036854775808']),
            3 => $this->chance(0.5) ? $this->integer() : $this->extreme(),
            4 => $this->int(0, self::LATCH_MAX),
            default => $this->int(0, 5),
        };
    }

    /**
     * A lifetime of a latch: short or long valid ones, its bounds (the smallest
     * float, 1 ms, 1e9 s) and past them (1e9 + 1, 0, negative, NAN, INF, huge).
     */
    private function latchTtl(): int|float|string
    {
        return match ($this->int(0, 9)) {
            0, 1 => $this->pick([5e-324, PHP_FLOAT_MIN, 1e-7, 0.0005, 0.001, 1e9, 1000000000, 999999999.999, 1e9 + 1, 1000000001,
                1e9 + 1e-6, 0, 0.0, -0.0, -1, -0.001, -1e-300, NAN, INF, -INF, 1e300, PHP_FLOAT_MAX, PHP_INT_MAX, PHP_INT_MIN]),
            2 => $this->chance(0.5) ? $this->float() : $this->extreme(),
            3 => $this->int(1, 86400),
            default => $this->pick([0.05, 0.3, 1.0, 2, 60, 3600, 86400]),
        };
    }

    /** A value for a parameter of RedisLatch, or null to draw as for the other classes. */
    private function latchArgument(string $param, string $method): ?array
    {
        return match ($param) {
            'count' => [$method === 'names'
                ? ($this->chance(0.8) ? $this->pick([1, 2, 10, 100, 1000]) : $this->latchCount())
                : $this->latchCount()],
            'by' => [$this->chance(0.3) ? 1 : $this->latchCount()],
            'ttl' => [$this->latchTtl()],
            'cursor' => [$this->chance(0.6) ? null : $this->pick(['0', '', '-1', '18446744073709551616', 'x', "0\x00", '1e3'])],
            default => null,
        };
    }

    private function plausible(string $param, string $class = '', string $method = ''): mixed
    {
        if ($class === 'RedisRateLimiter' && ($v = $this->limiterArgument($param)) !== null) {
            return $v[0];
        }
        if ($class === 'RedisLatch' && ($v = $this->latchArgument($param, $method)) !== null) {
            return $v[0];
        }
        switch ($param) {
            case 'limit':
                return $this->chance(0.85) ? $this->int(1, 5) : ($this->chance(0.5) ? $this->integer() : $this->extreme());
            case 'permits':
                return $this->chance(0.85) ? $this->int(1, 3) : ($this->chance(0.5) ? $this->integer() : $this->extreme());
            case 'name':
                return $this->name();
            case 'names':
                $a = [];
                for ($i = $this->int(0, 6); $i > 0; $i--) {
                    $a[] = $this->chance(0.9) ? $this->name() : $this->value(1);
                }
                return $a;
            case 'timeout':
            case 'wait':
                return $this->chance(0.15) ? $this->extremeWait() : $this->wait();
            case 'expire':
            case 'visibility':
            case 'delay':
            case 'afterInterval':
                return $this->chance(0.7) ? $this->real(0.001, 60) : ($this->chance(0.5) ? $this->float() : $this->extreme());
            case 'waitIntervalUs':
                return $this->chance(0.7) ? $this->integer() : $this->extreme();
            case 'count':
                return $this->chance(0.8) ? $this->int(-1, 5) : ($this->chance(0.5) ? $this->integer() : $this->extreme());
            case 'id':
                if ($this->chance(0.2)) {
                    $a = [];
                    for ($i = $this->int(0, 8); $i > 0; $i--) {
                        $a[] = $this->chance(0.9) ? ($this->chance(0.5) ? $this->int(0, 30) : "t" . $this->int(0, 30)) : $this->value(1);
                    }
                    return $a;
                }
                if ($this->chance(0.05)) {
                    return $this->extreme();
                }
                if ($this->chance(0.1)) {
                    /* Ids that agree up to a NUL byte, as pack('J', $n) makes them. */
                    return pack('J', $this->int(0, 30));
                }
                return $this->chance(0.5) ? $this->int(0, 30) : ($this->chance(0.8) ? 't' . $this->int(0, 30) : $this->string());
            case 'score':
                return $this->scores && $this->chance(0.7) ? $this->pick($this->scores) : ($this->chance(0.7) ? $this->float() : $this->extreme());
            case 'token':
                if ($class === 'RedisSemaphore') {
                    return $this->chance(0.9) ? $this->semToken() : $this->string();
                }
                return $this->tokens && $this->chance(0.7) ? $this->pick($this->tokens) : $this->string();
            case 'fn':
                return $this->chance(0.85) ? $this->closure(0, $this->chance(0.5)) : $this->pick(['strlen', 'time', [$this, 'value'], 'no_such_function']);
            case 'replace':
                return $this->chance(0.5);
            case 'connection':
                return $this->connection();
        }
        return $this->value();
    }

    /* ---- connections ----------------------------------------------------------------- */

    /** A connection to a server of the test run (or a dead loopback port), with random options. */
    private function safeConnection(): array|string
    {
        if ($this->chance(0.15) && ($topology = $this->topologyConnection()) !== null) {
            return $topology;
        }
        $o = [];
        $socket = getenv('REDISLOCK_TEST_SOCKET') ?: null;
        if ($socket !== null && $this->chance(0.2)) {
            $o['socket'] = $this->chance(0.8) ? $socket : sys_get_temp_dir() . '/fuzz-no-such-' . $this->int(0, 9) . '.sock';
        } else {
            $o['host'] = $this->pick(['127.0.0.1', '127.0.0.1', 'localhost']);
            $ports = [(int) rl_env('REDISLOCK_TEST_PORT'), (int) rl_env('REDISLOCK_TEST_PORT'), $this->deadPort];
            if (getenv('REDISLOCK_TEST_AUTH_PORT')) {
                $ports[] = (int) getenv('REDISLOCK_TEST_AUTH_PORT');
            }
            $o['port'] = $this->pick($ports);
        }
        $o['prefix'] = $this->marker . ($this->chance(0.5) ? '' : $this->string());
        $optional = [
            'database' => fn() => $this->chance(0.8) ? $this->int(-1, 20) : $this->value(),
            'connect_timeout' => fn() => $this->chance(0.8) ? $this->real(0.05, 0.5) : $this->float(),
            'read_timeout' => fn() => $this->chance(0.9) ? $this->real(0.05, 1.0) : $this->float(),
            'auto_release' => fn() => $this->chance(0.9) ? $this->chance(0.5) : $this->value(),
            'persistent' => fn() => $this->chance(0.9) ? $this->chance(0.5) : $this->value(),
            'persistent_id' => fn() => $this->chance(0.8) ? 'p' . $this->int(0, 3) : $this->value(),
            'user' => fn() => $this->pick(['alice', 'default', $this->string()]),
            'password' => fn() => $this->pick(['secret', 'wonderland', $this->string()]),
            'tls' => fn() => $this->chance(0.7) ? false : ($this->chance(0.5) ? ['verify_peer' => $this->value()] : $this->value()),
            /* Refused by RedisQueue, and by RedisLock with redlock; short leases keep the thread busy. */
            'watchdog' => fn() => match ($this->int(0, 5)) {
                0 => true,
                1 => false,
                2 => ['lease' => $this->real(0.05, 2.0)],
                3 => ['lease' => $this->real(0.05, 2.0), 'max_hold' => $this->real(0.05, 10.0)],
                4 => ['max_hold' => $this->chance(0.5) ? $this->real(0.001, 5.0) : $this->value()],
                default => $this->chance(0.5) ? ['lease' => $this->value(), 'max_hold' => $this->value()] : $this->value(),
            },
        ];
        foreach ($optional as $key => $make) {
            if ($this->chance(0.25)) {
                $o[$key] = $make();
            }
        }
        if ($this->chance(0.04)) {
            /* Refused by RedisSemaphore and RedisQueue; for RedisLock, acquisitions wait for replicas there are none of. */
            $o['min_replicas'] = $this->pick([0, 0, 1, 2]);
        }
        if ($this->chance(0.05)) {
            $o[$this->string()] = $this->value();
        }
        if ($this->chance(0.5)) {
            return $o;
        }
        /* The same as a DSN, when every value is a scalar. */
        $query = [];
        foreach ($o as $key => $value) {
            if (in_array($key, ['host', 'port', 'socket', 'user', 'password', 'database'], true)) {
                continue;
            }
            if (!is_scalar($value)) {
                return $o;
            }
            $query[] = rawurlencode((string) $key) . '=' . rawurlencode(is_bool($value) ? ($value ? '1' : '0') : (string) $value);
        }
        if (isset($o['database']) && !is_scalar($o['database'])) {
            return $o;
        }
        if (isset($o['socket'])) {
            $dsn = 'unix://' . $o['socket'];
            if (isset($o['database'])) {
                $query[] = 'db=' . rawurlencode((string) $o['database']);
            }
        } else {
            $auth = '';
            if (isset($o['password']) && is_scalar($o['password'])) {
                $auth = (isset($o['user']) && is_scalar($o['user']) ? rawurlencode((string) $o['user']) : '') . ':'
                    . rawurlencode((string) $o['password']) . '@';
            }
            $dsn = 'redis://' . $auth . $o['host'] . ':' . $o['port'] . (isset($o['database']) ? '/' . rawurlencode((string) $o['database']) : '');
        }
        return $dsn . ($query ? '?' . implode('&', $query) : '');
    }

    /** The test run's cluster, Sentinel group or Redlock servers, when it started them. */
    private function topologyConnection(): ?array
    {
        $list = fn(string $var): array => array_values(array_filter(explode(',', (string) getenv($var))));
        $o = match ($this->int(0, 2)) {
            0 => $list('REDISLOCK_TEST_CLUSTER') ? ['cluster' => $list('REDISLOCK_TEST_CLUSTER')] : null,
            1 => $list('REDISLOCK_TEST_SENTINEL') && getenv('REDISLOCK_TEST_SENTINEL_SERVICE')
                ? ['sentinel' => $list('REDISLOCK_TEST_SENTINEL'), 'service' => (string) getenv('REDISLOCK_TEST_SENTINEL_SERVICE')] : null,
            default => $list('REDISLOCK_TEST_REDLOCK')
                ? ['redlock' => array_map(fn(string $e): string => "redis://$e", $list('REDISLOCK_TEST_REDLOCK'))] : null,
        };
        if ($o === null) {
            return null;
        }
        return $o + ['prefix' => $this->marker . ($this->chance(0.5) ? '' : $this->string()),
            'connect_timeout' => $this->real(0.05, 0.5), 'read_timeout' => $this->real(0.2, 1.0)];
    }

    /** Anything a constructor might get: objects built from these are never used to connect. */
    private function connection(): mixed
    {
        switch ($this->int(0, 6)) {
            case 0:
                return $this->value();
            case 6:
                return $this->hostileConnection();
            case 1:
                /* A DSN with random damage. */
                $dsn = (string) $this->pick(['redis://u:p@127.0.0.1:6379/0?read_timeout=1&prefix=x', 'rediss://h:1?cafile=x',
                    'unix:///nowhere.sock?db=1', 'redis://[::1]:6379', 'redis://:p%40ss@h', 'redis://h/99?persistent=1&persistent_id=a',
                    'sentinel://u:p@127.0.0.1:1,[::1]:2/mymaster?read_timeout=1', 'redis-cluster://127.0.0.1:1,h:2?prefix=x&persistent=1']);
                for ($i = $this->int(1, 4); $i > 0; $i--) {
                    $at = $this->int(0, strlen($dsn));
                    $dsn = match ($this->int(0, 2)) {
                        0 => substr($dsn, 0, $at) . $this->pick([':', '/', '@', '[', ']', '?', '&', '=', '%', '%zz', '#', "\x00", '{}', ' ', "\r\n"]) . substr($dsn, $at),
                        1 => substr($dsn, 0, $at) . substr($dsn, $at + $this->int(1, 5)),
                        default => substr($dsn, 0, $at) . $this->string() . substr($dsn, $at),
                    };
                }
                return $dsn;
            case 2:
                $o = [];
                $keys = ['host', 'port', 'socket', 'user', 'password', 'database', 'connect_timeout', 'read_timeout', 'prefix',
                    'auto_release', 'tls', 'persistent', 'persistent_id', 'db', 'cafile', 'sentinel', 'service', 'cluster', 'redlock'];
                for ($i = $this->int(0, 5); $i > 0; $i--) {
                    $o[$this->chance(0.9) ? $this->pick($keys) : ($this->chance(0.5) ? $this->string() : $this->integer())] = $this->value(1);
                }
                return $o;
            default:
                return $this->safeConnection();
        }
    }

    /** An extreme number, for every option and parameter that takes one. */
    private function extreme(): int|float|string
    {
        return $this->pick([1e300, -1e300, 1e-300, -0.0, NAN, INF, -INF, PHP_INT_MAX, PHP_INT_MIN, 0, 1e9, 1e9 + 1, 0.0005,
            2 ** 53, (float) 2 ** 53, (float) 2 ** 63, 65536, 2147483648, -1, '1e300', '1e-300', '9223372036854775808', '-0', 'NAN']);
    }

    /** An extreme number as a DSN spells it: in a query value, a port or a database. */
    private function numericString(): string
    {
        if ($this->chance(0.5)) {
            $x = $this->extreme();
            return match (is_float($x) ? $this->int(0, 2) : 0) {
                0 => (string) $x,
                1 => sprintf('%.17g', $x),
                default => sprintf('%.3F', $x),   // 1e300 as 301 digits
            };
        }
        return $this->pick(['', '0', '00', '1', '+1', '-1', '1e9', '1E9', '1000000000', '1000000001', '1e-3', '0.001', '0.000999',
            '.5', '5.', ' 1', '1 ', '0x10', '1_0', '1e309', '-1e309', '4.9e-324', '2147483647', '2147483648', '4294967296',
            '9007199254740992', '9007199254740993', '999999999999999999', '9223372036854775807', '9223372036854775808',
            '18446744073709551616', '65535', '65536', '%31', '1%00', 'nan', 'inf', 'Infinity', '1e', 'e1', '--1', '1..0']);
    }

    /**
     * A DSN of every form, with extreme numbers in its port, database and query
     * values (connect_timeout, read_timeout, db, database, min_replicas; port, which
     * is no query option). Never connected.
     */
    private function extremeDsn(): string
    {
        $value = fn(): string => $this->chance(0.7) ? rawurlencode($this->numericString()) : $this->numericString();
        $query = [];
        foreach ($this->rnd->shuffleArray(['connect_timeout', 'read_timeout', 'db', 'database', 'min_replicas', 'port']) as $key) {
            if ($this->chance($key === 'port' ? 0.1 : 0.4)) {
                $query[] = "$key=" . $value();
            }
        }
        $query = $query ? '?' . implode('&', $query) : '';
        $port = fn(): string => $this->chance(0.6) ? (string) $this->deadPort : $this->numericString();
        $auth = $this->chance(0.2) ? 'u:p@' : '';
        switch ($this->int(0, 4)) {
            case 0:
            case 1:
                return $this->pick(['redis://', 'rediss://']) . $auth . '127.0.0.1:' . $port()
                    . ($this->chance(0.4) ? '/' . $this->numericString() : '') . $query;
            case 2:
                return 'sentinel://' . $auth . '127.0.0.1:' . $port() . ($this->chance(0.5) ? ',[::1]:' . $port() : '') . '/s' . $query;
            case 3:
                return 'redis-cluster://' . $auth . '127.0.0.1:' . $port() . ($this->chance(0.5) ? ',127.0.0.1:' . $port() : '')
                    . ($this->chance(0.2) ? '/' . $this->numericString() : '') . $query;
            default:
                return 'unix://' . sys_get_temp_dir() . '/fuzz-no-such.sock' . $query;
        }
    }

    /**
     * Extreme numbers in the numeric options of $o, or the valid values at the ends
     * of their ranges (so that a parser goes on to the next option), some through
     * references to scalars, which two options may share.
     */
    private function extremeOptions(array &$o, float $p): void
    {
        $edges = ['port' => [1, 65535], 'database' => [0, 2147483647], 'min_replicas' => [0, 64],
            'connect_timeout' => [0.001, 1e9, 1000000000], 'read_timeout' => [0.001, 1e9, 1000000000]];
        foreach ($this->rnd->shuffleArray(array_keys($edges)) as $key) {
            if (!$this->chance($p)) {
                continue;
            }
            $x = match ($this->int(0, 5)) {
                0, 1 => $this->extreme(),
                2 => $this->numericString(),
                default => $this->pick($edges[$key]),
            };
            if ($this->chance(0.3)) {
                $o[$key] = &$x;   // a reference to a scalar
                if ($this->chance(0.3)) {
                    $o[$this->pick(array_keys($edges))] = &$x;
                }
                unset($x);
            } else {
                $o[$key] = $x;
            }
        }
    }

    /** A "tls" option: true, false, or ssl options whose values may be arrays, options or tls arrays again. */
    private function tlsValue(int $levels): mixed
    {
        if ($this->chance(0.15)) {
            return $this->pick([true, false, 1, 'cafile', $this->extreme()]);
        }
        $tls = [];
        foreach (['cafile', 'capath', 'local_cert', 'local_pk', 'peer_name', 'verify_peer', 'verify_peer_name'] as $key) {
            if ($this->chance(0.3)) {
                $tls[$key] = match ($this->int(0, 5)) {
                    0 => sys_get_temp_dir() . '/fuzz-no-such.pem',
                    1 => $this->chance(0.5),
                    2 => $levels > 0 ? [$this->tlsValue($levels - 1)] : [[]],
                    3 => $levels > 0 ? $this->nestedOptions($levels - 1) : ['host' => '127.0.0.1'],
                    4 => $this->extreme(),
                    default => $levels > 0 ? $this->tlsValue($levels - 1) : [],
                };
            }
        }
        if ($this->chance(0.1)) {
            $tls[] = ['verify_peer' => false];
        }
        return $tls;
    }

    /**
     * Options nested in options, $levels deep: redlock members that are option
     * arrays with redlock, sentinel or cluster lists of their own, lists in lists,
     * tls arrays holding arrays, DSNs with extreme numbers, extreme numeric options.
     * Bounded: at most 40 arrays of options in all.
     */
    private function nestedOptions(int $levels, ?int &$budget = null): array
    {
        $budget ??= 40;
        $budget--;
        $o = [];
        $forms = array_values(array_filter($this->rnd->shuffleArray(['redlock', 'sentinel', 'cluster', 'tls']), fn() => $this->chance(0.4)));
        /* Mostly no host or port beside a redlock, sentinel or cluster list: the parser
         * refuses that combination before it reads the redlock members. */
        if ($this->chance(array_diff($forms, ['tls']) ? 0.1 : 0.6)) {
            $o['host'] = '127.0.0.1';
            $o['port'] = $this->deadPort;
        }
        $numbersFirst = $this->chance(0.5);
        if ($numbersFirst) {
            $this->extremeOptions($o, 0.15);
        }
        foreach ($forms as $form) {
            if ($form === 'tls') {
                $o['tls'] = $this->tlsValue(min($levels, 2));
                continue;
            }
            $list = [];
            for ($i = $this->int(0, 4); $i > 0; $i--) {
                $deeper = $levels > 0 && $budget > 0;
                $list[] = match ($this->int(0, 4)) {
                    0 => $form === 'redlock' ? 'redis://127.0.0.1:' . $this->deadPort : '127.0.0.1:' . $this->deadPort,
                    1 => $this->extremeDsn(),
                    2, 3 => $deeper ? $this->nestedOptions($levels - 1, $budget) : [],
                    default => $deeper ? [$this->nestedOptions($levels - 1, $budget)] : [[]],   // a list in the list
                };
            }
            $o[$form] = $list;
            if ($form === 'sentinel' && $this->chance(0.7)) {
                $o['service'] = 's';
            }
        }
        if (!$numbersFirst) {
            $this->extremeOptions($o, 0.15);
        }
        return $o;
    }

    /**
     * Stores, somewhere down in $o (or in $o itself), a reference to $o or to an
     * array on the way there: a cycle the parser must not follow forever.
     */
    private function linkBack(array &$o): void
    {
        $slot = &$o;
        $ancestors = [];
        for ($i = $this->int(0, 4); $i > 0; $i--) {
            $keys = [];
            foreach ($slot as $k => $v) {
                if (is_array($v)) {
                    $keys[] = $k;
                }
            }
            if (!$keys) {
                break;
            }
            $ancestors[] = &$slot;
            $slot = &$slot[$this->pick($keys)];
        }
        if ($ancestors && $this->chance(0.4)) {
            $to = &$ancestors[$this->int(0, count($ancestors) - 1)];
        } else {
            $to = &$o;
        }
        if (array_is_list($slot) && $slot) {
            if ($this->chance(0.5)) {
                $slot[] = &$to;
            } else {
                $slot[$this->int(0, count($slot) - 1)] = &$to;
            }
        } else {
            $key = $this->pick(['redlock', 'sentinel', 'cluster', 'tls', 'cafile', 'verify_peer', 'host', 'read_timeout']);
            if ($this->chance(0.5)) {
                $slot[$key] = &$to;
            } else {
                $slot[$key] = [&$to];
            }
        }
        unset($slot, $to, $ancestors);
    }

    /**
     * Options arrays and DSNs of the shapes that once crashed or misled the parser:
     * references back into the array, options nested inside themselves, references
     * to scalars, and extreme numbers in every numeric option. Never connected.
     */
    private function hostileConnection(): array|string
    {
        $dead = 'redis://127.0.0.1:' . $this->deadPort;
        switch ($this->int(0, 6)) {
            case 0:
                /* The self-references of the audit, one by one. */
                $o = $this->chance(0.5) ? ['host' => '127.0.0.1'] : [];
                switch ($this->int(0, 10)) {
                    case 0:
                        $o['redlock'][0] = &$o;
                        break;
                    case 1:
                        $o = ['redlock' => [$dead]];
                        $o['redlock'][] = &$o;
                        break;
                    case 2:
                        $o['tls'] = &$o;
                        break;
                    case 3:
                        $o['tls'] = ['cafile' => 'x'];
                        $o['tls']['verify_peer'] = &$o;
                        break;
                    case 4:
                        $o = ['service' => 's'];
                        $o['sentinel'][] = &$o;
                        break;
                    case 5:
                        $o = [];
                        $o['cluster'] = [&$o];
                        break;
                    case 6:
                        $o = ['redlock' => [['sentinel' => ['127.0.0.1:1'], 'service' => 's']]];
                        $o['redlock'][0]['sentinel'][] = &$o;
                        break;
                    case 7:
                        $o = ['redlock' => [['host' => '127.0.0.1'], $dead]];
                        $o['redlock'][0]['tls'] = &$o;
                        break;
                    case 8:
                        $o = ['redlock' => [['host' => '127.0.0.1']]];
                        $o['redlock'][0]['cluster'] = &$o['redlock'];
                        break;
                    case 9:
                        $x = 1.0;
                        $o['read_timeout'] = &$x;
                        $o['connect_timeout'] = &$x;
                        $o['redlock'] = [['host' => '127.0.0.1', 'read_timeout' => &$x], $dead];
                        break;
                    default:
                        $o[$this->pick(['redlock', 'tls', 'sentinel', 'cluster'])][$this->int(0, 2)] = &$o;
                }
                return $o;
            case 1:
                $o = ['host' => '127.0.0.1'];
                $o[$this->pick(['redlock', 'tls', 'sentinel', 'cluster'])] = &$o;
                return $o;
            case 2:
                /* Options nested in options, several levels down, perhaps with a cycle. */
                $o = $this->nestedOptions($this->int(1, 4));
                if ($this->chance(0.4)) {
                    $this->linkBack($o);
                }
                return $o;
            case 3:
                /* Redlock members that nest further forms, as lists several levels deep. */
                $o = [];
                $members = [];
                for ($i = $this->int(1, 5); $i > 0; $i--) {
                    $member = $this->chance(0.3) ? $dead : $this->nestedOptions($this->int(0, 3));
                    if (is_array($member) && $this->chance(0.5)) {
                        $member[$this->pick(['redlock', 'sentinel', 'cluster'])] = $this->chance(0.5)
                            ? [$this->nestedOptions($this->int(0, 2))] : [[[$dead]]];
                    }
                    $members[] = $member;
                }
                $o['redlock'] = $members;
                if ($this->chance(0.5)) {
                    $o['tls'] = $this->tlsValue(2);
                }
                $this->extremeOptions($o, 0.2);
                if ($this->chance(0.3)) {
                    $this->linkBack($o);
                }
                return $o;
            case 4:
                $o = $this->chance(0.7) ? ['host' => '127.0.0.1', 'port' => $this->deadPort] : ['redlock' => [$dead, $dead, $dead]];
                $this->extremeOptions($o, 0.5);
                if ($this->chance(0.3)) {
                    $o = ['redlock' => [$o, $o, $dead]];
                    $this->extremeOptions($o, 0.3);
                }
                return $o;
            default:
                return $this->extremeDsn();
        }
    }

    /**
     * Makes some option values of a working options array references, returned,
     * so that the caller can change them after the constructor has read them.
     */
    private function referenceOptions(array &$o): array
    {
        $refs = [];
        foreach (array_keys($o) as $key) {
            if ($this->chance(0.4)) {
                $refs[] = &$o[$key];
            }
        }
        if (isset($o['tls']) && is_array($o['tls'])) {
            foreach (array_keys($o['tls']) as $key) {
                $refs[] = &$o['tls'][$key];
            }
        }
        return $refs;
    }

    /**
     * A well-formed call on one of the main objects, on a few realistic names, so
     * that the methods get past their argument checks and act on each other:
     * shared and exclusive holds of the same names through two objects
     * (promotions, demotions, contention, renewals), and semaphores with limits
     * of 1 to 5 (one per name, mostly), permits up to the limit, and tokens that
     * acquire() returned for the name.
     *
     * @return array{string, string, object, string, array}
     */
    private function wellFormed(): array
    {
        $this->refillPool();
        if ($this->chance(0.2)) {
            return $this->wellFormedLatch();
        }
        if ($this->chance(0.25)) {
            return $this->wellFormedLimiter();
        }
        $name = $this->chance(0.85) ? 'n' . $this->int(0, 3) : $this->pick(['{tag}x', "bin\x00\r\n%n%s{}", 'ü', 'n' . $this->int(4, 11)]);
        if ($this->chance(0.6)) {
            $target = $this->chance(0.5) ? 'lock' : 'lock2';
            $expire = $this->chance(0.7) ? $this->pick([0.3, 1.0, 5.0, 15.0]) : $this->real(0.05, 20);
            [$method, $args] = match ($this->int(0, 19)) {
                0, 1, 2, 3 => ['lock', [$name, $this->wait(), $expire]],   // on a name held shared: a promotion
                4, 5, 6, 7, 8 => ['lockShared', [$name, $this->wait(), $expire]],   // on a name held exclusively: a demotion
                9, 10, 11 => ['unlock', [$name]],
                12 => ['isLocking', [$name]],
                13 => ['ttl', [$name]],
                14 => ['fencingToken', [$name]],
                15 => ['expire', [$name, $expire]],
                16 => ['isLocked', [$name]],
                17 => ['synchronized', [$name, $this->closure(0, $this->chance(0.3)), $this->wait(), $expire]],
                18 => ['lockMany', [[$name, 'n' . $this->int(0, 3)], $this->wait(), $expire]],
                default => $this->chance(0.8)
                    ? ($this->chance(0.5) ? ['addLock', [$name, $expire, $this->wait()]]
                        : ['addLock', [$name, $expire, $this->wait(), false, false]])
                    : $this->pick([['forceUnlock', [$name]], ['unlockAll', []],
                        ['fenceLock', [$name, $this->tokens ? $this->pick($this->tokens) : $this->string()]]]),
            };
            return ['RedisLock', $target, $this->pool[$target], $method, $args];
        }
        $target = $this->chance(0.5) ? 'sem' : 'sem2';
        $limit = $this->chance(0.8) ? 1 + crc32($name) % 5 : $this->int(1, 5);
        $expire = $this->chance(0.7) ? $this->pick([0.3, 1.0, 5.0, 15.0]) : $this->real(0.05, 20);
        /* The latest acquisition, through either object (the pool's objects go
         * often, and release what they hold): most of these are still held. */
        $latest = $this->semTokens && $this->chance(0.5) && end($this->semTokens)[0] !== '' ? end($this->semTokens) : null;
        [$method, $args] = match ($this->int(0, 9)) {
            0, 1, 2 => ['acquire', [$name, $limit, $this->wait(), $expire, $this->chance(0.6) ? 1 : $this->int(1, $limit)]],
            3, 4 => ['release', $latest ?? [$name, $this->semToken($name)]],
            5 => ['extend', [...($latest ?? [$name, $this->semToken($name)]), $expire]],
            6, 7 => ['count', [$name]],
            default => ['synchronized', [$name, $limit, $this->closure(0, $this->chance(0.3)), $this->wait(), $expire]],
        };
        return ['RedisSemaphore', $target, $this->pool[$target], $method, $args];
    }

    /**
     * A well-formed call of a rate limiter of the pool, on a few realistic names
     * shared by the three policies (a name used with another policy starts
     * afresh), limits from 1 to 5 mostly, intervals from 1 ms, tokens up to the
     * burst, and waits of 20 ms at most, so that wait() stays bounded.
     *
     * @return array{string, string, object, string, array}
     */
    private function wellFormedLimiter(): array
    {
        $target = $this->chance(0.5) ? 'limiter' : 'limiter2';
        $name = $this->chance(0.85) ? 'n' . $this->int(0, 3)
            : $this->pick(['{tag}x', "bin\x00\r\n%n%s{}", 'ü', "\xff\xfe\xc3\x28", '}{x', 'tenant{42', 'n' . $this->int(4, 11)]);
        /* Mostly the name's own rule, so that its limit fills; often another limit
         * on the same window (each caller is decided with its own), sometimes
         * another policy or interval, which starts or ends windows early. */
        $h = crc32($name);
        $policy = $this->chance(0.8) ? self::POLICIES[$h % 3] : $this->pick(self::POLICIES);
        $limit = $this->chance(0.6) ? 1 + ($h >> 2) % 5
            : ($this->chance(0.85) ? $this->int(1, 5) : $this->pick([1, 1000, 1000000000, $this->int(1, 1000000000)]));
        $interval = $this->chance(0.8) ? [0.05, 0.3, 1.0, 5.0][($h >> 5) % 4]
            : ($this->chance(0.85) ? $this->pick([0.001, 0.01, 0.05, 0.2, 1.0, 60.0]) : $this->pick([31536000.0, 0.0015, $this->real(0.001, 100)]));
        $burst = $policy === 'token_bucket' && $this->chance(0.4) ? $this->int(1, 10) : null;
        $tokens = $this->chance(0.7) ? 1 : $this->int(1, $burst ?? min($limit, 10));
        $method = $this->pick(['consume', 'consume', 'consume', 'consume', 'peek', 'peek', 'wait', 'wait', 'wait',
            'reset', 'inspect', 'inspect', 'names']);
        if ($method === 'wait' && $policy === 'sliding_window') {
            $policy = $this->pick(['token_bucket', 'fixed_window']);
        }
        $args = match ($method) {
            'consume', 'peek' => [$name, $limit, $interval, $tokens, $policy, $burst],
            'wait' => [$name, $limit, $interval, $tokens, $policy, $burst, $this->pick([0, 0.001, 0.005, 0.02, $this->real(0, 0.02)])],
            'reset', 'inspect' => [$name],
            default => $this->chance(0.5) ? [] : [null, $this->pick([1, 10, 1000])],
        };
        return ['RedisRateLimiter', $target, $this->pool[$target], $method, $args];
    }

    /**
     * A well-formed call of a latch of the pool, on a few realistic names: set()
     * with counts of 0 to 3 mostly (MAX_COUNT now and then) and lifetimes of 50 ms
     * to 2 s mostly, so that a name ends and can be set again; countDown() by 1
     * mostly; await() with timeouts of 20 ms at most; count(), inspect(), names().
     *
     * @return array{string, string, object, string, array}
     */
    private function wellFormedLatch(): array
    {
        $target = $this->chance(0.5) ? 'latch' : 'latch2';
        $name = $this->chance(0.85) ? 'n' . $this->int(0, 3)
            : $this->pick(['{tag}x', "bin\x00\r\n%n%s{}", 'ü', "\xff\xfe\xc3\x28", '}{x', 'tenant{42', 'n' . $this->int(4, 11)]);
        $method = $this->pick(['set', 'set', 'set', 'countDown', 'countDown', 'countDown', 'countDown', 'await', 'await', 'await',
            'count', 'inspect', 'inspect', 'names']);
        $args = match ($method) {
            'set' => $this->chance(0.2) ? [$name, $this->int(0, 3)] : [$name,
                $this->chance(0.9) ? $this->int(0, 3) : $this->pick([self::LATCH_MAX, self::LATCH_MAX - 1, $this->int(4, 1000)]),
                $this->chance(0.8) ? $this->pick([0.05, 0.3, 1.0, 2.0]) : $this->pick([0.001, $this->real(0.001, 2.0), 60.0])],
            'countDown' => $this->chance(0.3) ? [$name] : [$name,
                $this->chance(0.8) ? 1 : ($this->chance(0.8) ? $this->int(1, 3) : self::LATCH_MAX)],
            'await' => [$name, $this->pick([0, 0.0, 0.001, 0.005, 0.02, $this->real(0, 0.02)])],
            'count', 'inspect' => [$name],
            default => $this->chance(0.5) ? [] : [null, $this->pick([1, 10, 1000])],
        };
        return ['RedisLatch', $target, $this->pool[$target], $method, $args];
    }

    /**
     * A connection a semaphore or a queue refuses with a ValueError: redlock, or
     * min_replicas above 0. For a latch, also the watchdog, holder and the
     * queue's options, which it refuses too.
     */
    private function refusedConnection(string $class = ''): array|string
    {
        $redlock = array_values(array_filter(explode(',', (string) getenv('REDISLOCK_TEST_REDLOCK'))));
        $members = $redlock ? array_map(fn(string $e): string => "redis://$e", $redlock)
            : array_fill(0, 3, 'redis://127.0.0.1:' . $this->deadPort);
        if ($class === 'RedisLatch' && $this->chance(0.5)) {
            $base = ['prefix' => $this->marker . self::LATCH_PREFIX];
            return match ($this->int(0, 9)) {
                0 => rl_options($base + ['watchdog' => true]),
                1 => rl_options($base + ['watchdog' => ['lease' => $this->real(0.05, 2.0)]]),
                2 => rl_dsn() . '?watchdog=1&prefix=' . rawurlencode($this->marker),
                3 => rl_options($base + ['holder' => $this->pick(['worker-1', "h\x00", str_repeat('h', 64)])]),
                4 => rl_dsn() . '?holder=worker-1',
                5 => rl_options($base + ['max_attempts' => $this->pick([0, 1, 5])]),
                6 => rl_options($base + ['retry_backoff' => $this->pick([0, 0.0, 1.5])]),
                7 => rl_options($base + ['queue_layout' => $this->pick(['auto', 'zset'])]),
                8 => rl_dsn() . '?' . $this->pick(['max_attempts=3', 'retry_backoff=0', 'queue_layout=zset']),
                default => rl_options($base + ['min_replicas' => $this->int(1, 3), 'watchdog' => true, 'holder' => 'h']),
            };
        }
        switch ($this->int(0, 4)) {
            case 0:
                return ['redlock' => $members, 'prefix' => $this->marker];
            case 1:
                /* Members as options arrays. */
                return ['redlock' => array_map(fn(string $m): array => ['host' => '127.0.0.1', 'port' => (int) substr(strrchr($m, ':'), 1)], $members)];
            case 2:
                return rl_options(['prefix' => $this->marker, 'min_replicas' => $this->int(1, 3)]);
            case 3:
                return rl_dsn() . '?prefix=' . rawurlencode($this->marker) . '&min_replicas=' . $this->int(1, 3);
            default:
                $sentinel = array_values(array_filter(explode(',', (string) getenv('REDISLOCK_TEST_SENTINEL'))));
                return $sentinel && getenv('REDISLOCK_TEST_SENTINEL_SERVICE')
                    ? ['sentinel' => $sentinel, 'service' => (string) getenv('REDISLOCK_TEST_SENTINEL_SERVICE'), 'min_replicas' => 1]
                    : ['host' => '127.0.0.1', 'port' => $this->deadPort, 'min_replicas' => $this->int(1, 3)];
        }
    }

    /**
     * Whether a connection from safeConnection() is one a semaphore, a queue, a
     * rate limiter or a latch refuses (a rate limiter and a latch the watchdog
     * too: they hold nothing to renew).
     */
    private function isRefused(array|string $connection, string $class = ''): bool
    {
        $limiter = $class === 'RedisRateLimiter';
        $noWatchdog = $limiter || $class === 'RedisLatch';
        if (is_string($connection)) {
            return (!$limiter && preg_match('/[?&]min_replicas=0*[1-9]/', $connection))
                || ($noWatchdog && preg_match('/[?&]watchdog=1(&|$)/', $connection));
        }
        $watchdog = $connection['watchdog'] ?? null;
        return isset($connection['redlock']) || (!$limiter && is_int($connection['min_replicas'] ?? null) && $connection['min_replicas'] > 0)
            || ($noWatchdog && ($watchdog === true || (is_array($watchdog) && array_intersect_key($watchdog, ['lease' => 1, 'max_hold' => 1]))));
    }

    /**
     * Why an allowed outcome still breaks the documented contract, or null: a
     * semaphore, queue, rate limiter or latch constructed with an option it
     * refuses (redlock, min_replicas, and for some the watchdog, holder or the
     * queue's options), a token of acquire() of another form than
     * "<permits>:<32 hex digits>", and what limiterContract() and
     * latchContract() check.
     */
    private function contract(string $class, string $method, array $args, mixed $result, ?Throwable $error, ?bool $refused): ?string
    {
        if ($refused) {
            if ($error === null) {
                return "$class accepted a connection with an option it refuses (redlock, min_replicas, ...): a ValueError is documented";
            }
            if (!$error instanceof ValueError && !$error instanceof TypeError) {
                return "$class refused a connection with an option it refuses (redlock, min_replicas, ...) with " . get_class($error)
                    . ', not a ValueError: ' . $error->getMessage();
            }
        }
        if ($class === 'RedisRateLimiter') {
            return $this->limiterContract($method, $args, $result, $error);
        }
        if ($class === 'RedisLatch') {
            return $this->latchContract($method, $args, $result, $error);
        }
        if ($class === 'RedisSemaphore' && $method === 'acquire' && is_string($result)) {
            $permits = array_key_exists('permits', $args) ? $args['permits'] : (array_key_exists(4, $args) ? $args[4] : 1);
            if (!preg_match('/^([1-9][0-9]*):[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $result, $m) || (is_int($permits) && (int) $m[1] !== $permits)) {
                return 'acquire() returned the token ' . $this->describe($result) . ', not "<permits>:<32 hex digits>[@<label>]" for '
                    . $this->describe($permits) . ' permits';
            }
        }
        return null;
    }

    /** The value of a parameter of a call, given by name or by position; $default when not given. */
    private function argOf(array $args, string $param, int $position, mixed $default = null): mixed
    {
        if (array_key_exists($param, $args)) {
            return $args[$param];
        }
        return array_key_exists($position, $args) ? $args[$position] : $default;
    }

    /**
     * What RedisRateLimiter documents of an outcome: a ValueError or TypeError
     * names the parameter it is about ("Argument #N ($param)", the method's own
     * Nth parameter); consume(), peek() and wait() answer ['allowed', 'remaining',
     * 'retry_after', 'reset_after', 'limit'] of those types, 'limit' the one
     * given, 'remaining' from 0 to the capacity ($burst, or $limit), after an
     * allowed consume() at most the capacity less $tokens, 'retry_after' 0.0 when
     * allowed and above 0 when refused, finite non-negative seconds; wait() answers
     * false or an allowed array; inspect() null or its documented array, names()
     * a list of strings and a cursor.
     */
    private function limiterContract(string $method, array $args, mixed $result, ?Throwable $error): ?string
    {
        if ($error !== null) {
            if ($error instanceof ValueError || get_class($error) === 'TypeError') {
                $params = $this->methods['RedisRateLimiter'][$method]->getParameters();
                $message = $error->getMessage();
                if (!preg_match('/^RedisRateLimiter::' . $method . '\(\): Argument #(\d+) \(\$(\w+)\) /', $message, $m)
                    || ($params[(int) $m[1] - 1] ?? null)?->getName() !== $m[2]) {
                    return get_class($error) . ' that does not name its parameter as "Argument #N ($name)": ' . $message;
                }
            }
            return null;
        }
        $seconds = fn(mixed $x): bool => is_float($x) && is_finite($x) && $x >= 0.0;
        switch ($method) {
            case 'consume':
            case 'peek':
            case 'wait':
                if ($method === 'wait' && $result === false) {
                    return null;
                }
                if (array_keys($result) !== ['allowed', 'remaining', 'retry_after', 'reset_after', 'limit']
                    || !is_bool($result['allowed']) || !is_int($result['remaining']) || !is_int($result['limit'])
                    || !$seconds($result['retry_after']) || !$seconds($result['reset_after'])) {
                    return "$method() answered " . $this->describe($result) . ', not the documented array';
                }
                $limit = $this->argOf($args, 'limit', 1);
                $tokens = $this->argOf($args, 'tokens', 3, 1);
                $policy = $this->argOf($args, 'policy', 4, 'token_bucket');
                $burst = $this->argOf($args, 'burst', 5);
                $cap = $policy === 'token_bucket' ? ($burst ?? $limit) : $limit;
                if (is_int($limit) && $result['limit'] !== $limit) {
                    return "$method() answered 'limit' => {$result['limit']} for \$limit $limit";
                }
                if ($result['remaining'] < 0 || (is_int($cap) && $result['remaining'] > $cap)) {
                    return "$method() answered 'remaining' => {$result['remaining']}, outside 0 to the capacity " . $this->describe($cap);
                }
                if ($method === 'consume' && $result['allowed'] && is_int($cap) && is_int($tokens) && $result['remaining'] > $cap - $tokens) {
                    return "consume() took $tokens tokens and answered 'remaining' => {$result['remaining']} of a capacity of $cap";
                }
                if ($result['allowed'] && $result['retry_after'] !== 0.0) {
                    return "$method() allowed and answered 'retry_after' => {$result['retry_after']}, not 0.0";
                }
                if (!$result['allowed'] && $result['retry_after'] <= 0.0) {
                    return "$method() refused and answered 'retry_after' => 0.0";
                }
                if ($method === 'wait' && !$result['allowed']) {
                    return 'wait() answered an array with \'allowed\' => false, not false';
                }
                return null;
            case 'inspect':
                if ($result === null) {
                    return null;
                }
                if (array_keys($result) !== ['policy', 'limit', 'interval', 'burst', 'remaining', 'retry_after', 'reset_after', 'backlog']
                    || !in_array($result['policy'], self::POLICIES, true) || !is_int($result['limit'])
                    || $result['limit'] < 1 || $result['limit'] > 1000000000
                    || !$seconds($result['interval']) || $result['interval'] < 0.001 || $result['interval'] > 3153600000.0
                    || ($result['policy'] === 'token_bucket' ? !is_int($result['burst']) || $result['burst'] < 1 : $result['burst'] !== null)
                    || !is_int($result['remaining']) || $result['remaining'] < 0
                    || !$seconds($result['retry_after']) || !$seconds($result['reset_after']) || !$seconds($result['backlog'])) {
                    return 'inspect() answered ' . $this->describe($result) . ', not the documented array';
                }
                return null;
            case 'names':
                if (array_keys($result) !== ['names', 'cursor'] || !is_array($result['names']) || !array_is_list($result['names'])
                    || array_filter($result['names'], fn($n) => !is_string($n) || $n === '')
                    || ($result['cursor'] !== null && !is_string($result['cursor']))) {
                    return 'names() answered ' . $this->describe($result) . ', not ["names" => list of names, "cursor" => ?string]';
                }
                return null;
        }
        return null;
    }

    /**
     * Whether a value given for a parameter of RedisLatch is in its documented
     * range: true, false (out of range), or null when it cannot be told here (not
     * given, a type the engine converts or refuses, a parameter without a range).
     */
    private function latchInRange(string $method, string $param, mixed $value): ?bool
    {
        switch ($param) {
            case 'name':
                return is_string($value) ? $value !== '' : null;
            case 'count':
                if ($method !== 'set') {
                    return null;   // names()'s $count: not this check's
                }
                // no break
            case 'by':
                return is_int($value) ? $value >= ($param === 'by' ? 1 : 0) && $value <= self::LATCH_MAX : null;
            case 'ttl':
            case 'timeout':
                if (!is_int($value) && !is_float($value)) {
                    return null;
                }
                $x = (float) $value;
                return is_finite($x) && ($param === 'ttl' ? $x > 0.0 : $x >= 0.0) && $x <= 1e9;
        }
        return null;
    }

    /**
     * What RedisLatch documents of an outcome: a ValueError or TypeError names
     * the parameter it is about ("Argument #N ($param)", the method's own Nth
     * parameter); a ValueError about the name, a count, a step, a ttl or a
     * timeout was given one out of range, and a call that got past the argument
     * checks (an answer, or a RedisLockException) was given every one of them in
     * range (0 to MAX_COUNT for set()'s $count, 1 to MAX_COUNT for countDown()'s
     * $by, a ttl above 0 and a timeout from 0, both finite and at most 1e9 s, a
     * name not empty); countDown() and count() answer false or 0 to MAX_COUNT;
     * inspect() null or ['count' => 0 to MAX_COUNT, 'open' => (count === 0),
     * 'ttl' => null or finite seconds from 0 to 1e9]; names() a list of strings
     * and a cursor. set() and await() answer a bool (the declared type).
     */
    private function latchContract(string $method, array $args, mixed $result, ?Throwable $error): ?string
    {
        $params = $this->methods['RedisLatch'][$method]->getParameters();
        if ($error instanceof ValueError || ($error !== null && get_class($error) === 'TypeError')) {
            $message = $error->getMessage();
            if (!preg_match('/^RedisLatch::' . preg_quote($method, '/') . '\(\): Argument #(\d+) \(\$(\w+)\) /', $message, $m)
                || ($params[(int) $m[1] - 1] ?? null)?->getName() !== $m[2]) {
                return get_class($error) . ' that does not name its parameter as "Argument #N ($name)": ' . $message;
            }
            if ($error instanceof ValueError && $method !== '__construct') {
                $p = (int) $m[1] - 1;
                $value = $this->argOf($args, $m[2], $p);
                if ((array_key_exists($m[2], $args) || array_key_exists($p, $args))
                    && $this->latchInRange($method, $m[2], $value) === true) {
                    return "ValueError about \${$m[2]}, given " . $this->describe($value) . ', which is in range: ' . $message;
                }
            }
            return null;
        }
        if ($error !== null && !$error instanceof RedisLockException) {
            return null;   // an Error of the call's shape, or of an object not constructed
        }
        if ($method !== '__construct') {
            foreach ($params as $i => $p) {
                if (!array_key_exists($p->getName(), $args) && !array_key_exists($i, $args)) {
                    continue;
                }
                $value = $this->argOf($args, $p->getName(), $i);
                if ($this->latchInRange($method, $p->getName(), $value) === false) {
                    return ($error === null ? 'answered ' . $this->describe($result) : 'got as far as ' . get_class($error) . ': '
                        . $error->getMessage()) . ' for $' . $p->getName() . ' ' . $this->describe($value) . ', out of range: a ValueError is documented';
                }
            }
        }
        if ($error !== null) {
            return null;
        }
        $count = fn(mixed $x): bool => is_int($x) && $x >= 0 && $x <= self::LATCH_MAX;
        switch ($method) {
            case 'countDown':
            case 'count':
                if ($result !== false && !$count($result)) {
                    return "$method() answered " . $this->describe($result) . ', not false or 0 to MAX_COUNT';
                }
                return null;
            case 'inspect':
                if ($result === null) {
                    return null;
                }
                if (array_keys($result) !== ['count', 'open', 'ttl'] || !$count($result['count'])
                    || $result['open'] !== ($result['count'] === 0)
                    || ($result['ttl'] !== null && (!is_float($result['ttl']) || !is_finite($result['ttl'])
                        || $result['ttl'] < 0.0 || $result['ttl'] > 1e9))) {
                    return 'inspect() answered ' . $this->describe($result)
                        . ", not ['count' => 0 to MAX_COUNT, 'open' => (count === 0), 'ttl' => ?float]";
                }
                return null;
            case 'names':
                if (array_keys($result) !== ['names', 'cursor'] || !is_array($result['names']) || !array_is_list($result['names'])
                    || array_filter($result['names'], fn($n) => !is_string($n) || $n === '')
                    || ($result['cursor'] !== null && !is_string($result['cursor']))) {
                    return 'names() answered ' . $this->describe($result) . ', not ["names" => list of names, "cursor" => ?string]';
                }
                return null;
        }
        return null;
    }

    /** Every key of the rate limiters' database, as the keys of an array. */
    private function limiterKeys(): array
    {
        $keys = [];
        $cursor = '0';
        do {
            [$cursor, $batch] = $this->limRaw()->call('SCAN', $cursor, 'COUNT', '1000');
            foreach ($batch as $key) {
                $keys[$key] = true;
            }
        } while ($cursor !== '0');
        return $keys;
    }

    /**
     * Before a call of one of the pool's working rate limiters (whose prefix is
     * known): the run's keys, and the value and time to live of the name's key,
     * for limiterAfter().
     */
    private function limRaw(): RawRedis
    {
        if ($this->limRaw === null) {
            $this->limRaw = new RawRedis();
            $this->limRaw->call('SELECT', (string) self::LIM_DATABASE);
        }
        return $this->limRaw;
    }

    private function limiterBefore(string $target, string $method, array $args): ?array
    {
        if (!in_array($target, ['limiter', 'limiter2'], true) || $this->depth > 1) {
            return null;
        }
        $name = in_array($method, ['consume', 'peek', 'wait', 'reset', 'inspect'], true) ? $this->argOf($args, 'name', 0) : null;
        /* A scalar or a Stringable reaches the method as a string (coercive mode). */
        if (is_int($name) || is_float($name) || is_bool($name) || $name instanceof Stringable) {
            $name = (string) $name;
        }
        $key = is_string($name) && $name !== '' ? $this->marker . self::LIM_PREFIX . $name : null;
        return ['key' => $key, 'keys' => $this->limiterKeys(), 'value' => $key === null ? null : $this->limRaw()->call('GET', $key),
            'pttl' => $key === null ? null : $this->limRaw()->call('PTTL', $key), 'at' => hrtime(true)];
    }

    /**
     * After a call of a rate limiter: why what it did to the server breaks what is
     * documented, or null. It wrote no key but its name's (prefix . name); the
     * key, when there is one, holds a state of integers ("<policy>:<limit>:
     * <interval>:<burst>:" then up to four more, no float's exponent or fraction)
     * and expires; a call that consumed nothing (refused by a ValueError or
     * TypeError or any other error, a refused consume(), a peek(), a wait() that
     * returned false, inspect(), names()) left the key's value as it was and did
     * not lengthen its life; reset() left no key, and answered whether there was
     * one.
     */
    private function limiterAfter(array $w, string $method, mixed $result, ?Throwable $error): ?string
    {
        $new = array_diff_key($this->limiterKeys(), $w['keys']);
        if ($w['key'] !== null) {
            unset($new[$w['key']]);
        }
        if ($new) {
            return 'the call wrote keys other than its name\'s (' . $this->describe($w['key']) . '): '
                . implode(', ', array_map(fn($k) => $this->describe((string) $k), array_keys($new)));
        }
        if ($w['key'] === null) {
            return null;
        }
        $elapsed = (hrtime(true) - $w['at']) / 1e6;
        $value = $this->limRaw()->call('GET', $w['key']);
        $pttl = $this->limRaw()->call('PTTL', $w['key']);
        /* A key may expire on its own while the call runs. */
        $expired = $w['value'] !== null && is_int($w['pttl']) && $w['pttl'] <= $elapsed + 20;
        if ($value !== null) {
            if (!is_string($value) || !preg_match('/^[tfsQ]:[0-9]+:[0-9]+:[0-9]+:[0-9]+(:[0-9]+){0,3}$/D', $value)) {
                return 'the key holds ' . $this->describe($value) . ', not a state of integers';
            }
            if (!is_int($pttl) || ($pttl < 0 && $pttl !== -2)) {
                return 'the key does not expire (PTTL ' . $this->describe($pttl) . ')';
            }
        }
        if ($error instanceof RedisLockException && $method === 'wait') {
            return null;   // a place may have been reserved before the failure
        }
        if ($method === 'reset' && $error === null) {
            if ($value !== null) {
                return 'reset() returned, and the key is still there: ' . $this->describe($value);
            }
            if ($result === true && $w['value'] === null) {
                return 'reset() returned true for a name without a state';
            }
            if ($result === false && $w['value'] !== null && !$expired) {
                return 'reset() returned false for a name with the state ' . $this->describe($w['value']);
            }
            return null;
        }
        $consumed = $error === null && (($method === 'consume' && is_array($result) && $result['allowed'] === true)
            || ($method === 'wait' && is_array($result)));
        if (!$consumed) {
            if ($value !== $w['value'] && !($value === null && $expired)) {
                return 'a call that consumed nothing changed the key from ' . $this->describe($w['value']) . ' to ' . $this->describe($value);
            }
            if ($value !== null && is_int($w['pttl']) && $w['pttl'] >= 0 && $pttl > $w['pttl']) {
                return "a call that consumed nothing lengthened the key's life from {$w['pttl']} ms to $pttl ms";
            }
        }
        return null;
    }

    private function resetPool(): void
    {
        $this->pool = [];   // destroys the old objects: auto-release of what they hold
        $this->refillPool();
    }

    /** Makes again the objects of the pool that a callback dropped. */
    private function refillPool(): void
    {
        $opts = rl_options(['prefix' => $this->marker, 'read_timeout' => 2.0, 'connect_timeout' => 1.0]);
        $this->pool['lock'] ??= new RedisLock($opts);
        $this->pool['lock2'] ??= new RedisLock($opts);
        $this->pool['queue'] ??= new RedisQueue($opts);
        $this->pool['lock_dead'] ??= new RedisLock(['host' => '127.0.0.1', 'port' => $this->deadPort, 'prefix' => $this->marker]);
        $this->pool['queue_dead'] ??= new RedisQueue('redis://127.0.0.1:' . $this->deadPort . '?prefix=' . rawurlencode($this->marker));
        $this->pool['lock_unconstructed'] ??= new FuzzUnconstructedLock();
        $this->pool['queue_unconstructed'] ??= new FuzzUnconstructedQueue();
        $semOpts = ['prefix' => $this->marker . self::SEM_PREFIX] + $opts;
        $this->pool['sem'] ??= new RedisSemaphore($semOpts);
        $this->pool['sem2'] ??= new RedisSemaphore($semOpts);
        /* Its permits are renewed by the watchdog: every renewal runs the extend
         * script as extend() does, on whatever name the calls drew. */
        $this->pool['sem_wd'] ??= new RedisSemaphore(['watchdog' => ['lease' => 0.3, 'max_hold' => 5.0]] + $semOpts);
        $this->pool['sem_dead'] ??= new RedisSemaphore(['host' => '127.0.0.1', 'port' => $this->deadPort,
            'prefix' => $this->marker . self::SEM_PREFIX, 'connect_timeout' => 0.5]);
        $this->pool['sem_unconstructed'] ??= new FuzzUnconstructedSemaphore();
        $limOpts = ['prefix' => $this->marker . self::LIM_PREFIX, 'database' => self::LIM_DATABASE] + $opts;
        $this->pool['limiter'] ??= new RedisRateLimiter($limOpts);
        $this->pool['limiter2'] ??= new RedisRateLimiter($limOpts);
        $this->pool['limiter_dead'] ??= new RedisRateLimiter(['host' => '127.0.0.1', 'port' => $this->deadPort,
            'prefix' => $this->marker . self::LIM_PREFIX, 'connect_timeout' => 0.5]);
        $this->pool['limiter_unconstructed'] ??= new FuzzUnconstructedLimiter();
        $latchOpts = ['prefix' => $this->marker . self::LATCH_PREFIX] + $opts;
        $this->pool['latch'] ??= new RedisLatch($latchOpts);
        $this->pool['latch2'] ??= new RedisLatch($latchOpts);
        $this->pool['latch_dead'] ??= new RedisLatch(['host' => '127.0.0.1', 'port' => $this->deadPort,
            'prefix' => $this->marker . self::LATCH_PREFIX, 'connect_timeout' => 0.5]);
        $this->pool['latch_unconstructed'] ??= new FuzzUnconstructedLatch();
    }

    /* ---- one call -------------------------------------------------------------------- */

    private function arguments(ReflectionMethod $m): array
    {
        $params = $m->getParameters();
        $required = $m->getNumberOfRequiredParameters();
        $value = function (ReflectionParameter $p) {
            if ($this->chance(0.6)) {
                return $this->plausible($p->getName(), $p->getDeclaringClass()->getName(), $p->getDeclaringFunction()->getName());
            }
            $v = $this->value();
            /* A number for a wait is always a short one (or out of range): no call may block for long. */
            if (in_array($p->getName(), ['timeout', 'wait'], true) && (is_int($v) || is_float($v) || is_numeric($v) || $v === true)) {
                return $this->wait();
            }
            return $v;
        };
        $shape = $this->int(0, 99);
        if ($shape < 70) {
            $n = $this->int($required, count($params));
            $args = [];
            for ($i = 0; $i < $n; $i++) {
                $args[] = $value($params[$i]);
            }
            return $args;
        }
        if ($shape < 88) {
            /* Named arguments: a random subset in random order, sometimes after positional ones. */
            $args = [];
            $positional = $this->chance(0.3) ? $this->int(0, count($params)) : 0;
            for ($i = 0; $i < $positional; $i++) {
                $args[] = $value($params[$i]);
            }
            $rest = array_slice($params, $positional);
            $rest = $rest ? $this->rnd->shuffleArray($rest) : [];
            foreach ($rest as $p) {
                if (!$p->isOptional() || $this->chance(0.6)) {
                    if ($this->chance(0.97)) {
                        $args[$p->getName()] = $value($p);
                    }
                }
            }
            if ($this->chance(0.05)) {
                $args[$this->pick(['bogus', 'Name', 'expireSeconds', ''])] = $this->value();
            }
            if ($this->chance(0.03) && $params) {
                $args[$params[0]->getName()] = $value($params[0]);   // perhaps also given by position
            }
            return $args;
        }
        /* Too few or too many. */
        $n = $this->chance(0.5) && $required > 0 ? $this->int(0, $required - 1) : count($params) + $this->int(1, 3);
        $args = [];
        for ($i = 0; $i < $n; $i++) {
            $args[] = isset($params[$i]) ? $value($params[$i]) : $this->value();
        }
        return $args;
    }

    private function describe(mixed $v, int $depth = 0): string
    {
        if (is_string($v)) {
            $s = strlen($v) > 60 ? substr($v, 0, 40) . '...(' . strlen($v) . ' bytes)' : $v;
            return '"' . addcslashes($s, "\0..\37\"\\\177..\377") . '"';
        }
        if (is_float($v)) {
            return is_nan($v) ? 'NAN' : (is_infinite($v) ? ($v > 0 ? 'INF' : '-INF') : var_export($v, true));
        }
        if (is_array($v)) {
            if ($depth > 2) {
                return '[...]';
            }
            $parts = [];
            foreach ($v as $k => $item) {
                $parts[] = (is_int($k) ? $k : $this->describe($k)) . ' => ' . $this->describe($item, $depth + 1);
                if (count($parts) > 8) {
                    $parts[] = '...';
                    break;
                }
            }
            return '[' . implode(', ', $parts) . ']';
        }
        if (is_object($v)) {
            return get_class($v);
        }
        if (is_resource($v)) {
            return 'resource';
        }
        return var_export($v, true);
    }

    private function describeCall(string $target, string $method, array $args, bool $coercive): string
    {
        $parts = [];
        foreach ($args as $k => $v) {
            $parts[] = (is_string($k) ? "$k: " : '') . $this->describe($v);
        }
        return sprintf('%s%s->%s(%s)', $coercive ? '[coercive] ' : '', $target, $method, implode(', ', $parts));
    }

    private function returnTypeOk(ReflectionMethod $m, mixed $result): bool
    {
        $type = $m->getReturnType();
        if ($type === null || $m->getName() === '__construct') {
            return true;
        }
        $names = $type instanceof ReflectionUnionType
            ? array_map(fn($t) => $t->getName(), $type->getTypes())
            : [$type->getName()];
        if ($type->allowsNull()) {
            $names[] = 'null';
        }
        $actual = get_debug_type($result);
        foreach ($names as $n) {
            if ($n === 'mixed' || $n === $actual || ($n === 'false' && $result === false)
                || ($n === 'bool' && is_bool($result)) || ($n === 'float' && is_float($result))) {
                return true;
            }
        }
        return false;
    }

    private function allowedError(Throwable $e, string $method, bool $coercive): bool
    {
        if ($e instanceof TypeError || $e instanceof ValueError || $e instanceof RedisLockException) {
            return true;   // ArgumentCountError is a TypeError
        }
        if ($e instanceof FuzzCallbackException) {
            return $method === 'synchronized';
        }
        if ($e instanceof BadMethodCallException) {
            /* The documented misuses: under redlock there are no fencing numbers,
             * no shared holds, and no one server to inspect or list. */
            return (in_array($method, ['fencingToken', 'fenceLock', 'lockShared', 'addLock', 'convertLock', 'inspect', 'inspectMany', 'names'], true)
                && str_starts_with($e->getMessage(), "RedisLock::$method() is not available with redlock"))
                || (in_array($method, ['watchLock', 'addLock'], true)
                    && str_starts_with($e->getMessage(), "RedisLock::$method() needs the \"watchdog\" option"));
        }
        if (get_class($e) === 'Error') {
            $m = $e->getMessage();
            return (bool) preg_match('/Unknown named parameter|Named parameter .* overwrites previous argument'
                . '|cannot be called twice|object is not initialized|must be passed explicitly because the default value is not known/', $m);
        }
        return false;
    }

    /** One random call on a random object (or a constructor). */
    public function oneCall(): void
    {
        if (!$this->isParent()) {
            $this->childExit('it went on to draw another call');   // never: callChecked() ends a child first
        }
        $this->depth++;
        try {
            $this->call();
        } finally {
            $this->depth--;
        }
    }

    /** @param array{string, string, object, string, ?array}|null $directed class, target, object, method, arguments (null: random) */
    private function call(?array $directed = null): void
    {
        $outer = $this->diagnostics;   // a call made from inside another call's callback
        $outerCall = $this->current;
        try {
            $this->callChecked($directed);
        } finally {
            $this->diagnostics = $outer;
            $this->current = $outerCall;
        }
    }

    /** Why the outcome of a call is not allowed, or null when it is. */
    private function verdict(ReflectionMethod $m, bool $construct, bool $coercive, mixed $result, ?Throwable $error, array $diagnostics): ?string
    {
        $method = $m->getName();
        if ($coercive) {
            $diagnostics = array_values(array_filter($diagnostics, fn(string $d) => !preg_match(
                '/^8192: (\S+\(\): )?(Passing null to parameter #\d+ \(\$\w+\) of type \S+ is deprecated'
                . '|Implicit conversion from float(-string)? .* to int loses precision)$'
                . '|^2: (\S+\(\): )?unexpected NAN value was coerced to \w+$/s', $d)));
        }
        if ($diagnostics) {
            return 'PHP diagnostics: ' . implode(' | ', $diagnostics);
        }
        if ($error !== null) {
            if ($error instanceof FuzzFailure) {
                return $error->getMessage();
            }
            if (!$this->allowedError($error, $method, $coercive)) {
                return 'unexpected ' . get_class($error) . ': ' . $error->getMessage() . "\n" . $error->getTraceAsString();
            }
            return null;
        }
        if (!$construct && !$this->returnTypeOk($m, $result)) {
            return 'result of type ' . get_debug_type($result) . ' does not match the declared return type ' . $m->getReturnType();
        }
        return null;
    }

    private function callChecked(?array $directed = null): void
    {
        $coercive = $this->chance(0.15);
        $safe = false;
        $refs = [];
        $refused = null;
        if ($directed === null && $this->depth === 1 && $this->chance(0.03)) {
            /* A well-formed synchronized() on a main object, so that its callback runs, and misbehaves. */
            if ($this->chance(0.6)) {
                $target = isset($this->pool['lock2']) && $this->chance(0.3) ? 'lock2' : 'lock';
                $directed = ['RedisLock', $target, $this->pool[$target], 'synchronized',
                    [$this->name(), $this->closure(0, true), $this->wait(), $this->pick([1.0, 15.0, 30.0])]];
            } else {
                $target = isset($this->pool['sem2']) && $this->chance(0.3) ? 'sem2' : 'sem';
                $directed = ['RedisSemaphore', $target, $this->pool[$target], 'synchronized',
                    [$this->name(), $this->int(1, 5), $this->closure(0, true), $this->wait(), $this->pick([1.0, 15.0, 30.0])]];
            }
        } elseif ($directed === null && $this->depth === 1 && $this->chance(0.15)) {
            $directed = $this->wellFormed();
        }
        if ($directed !== null) {
            /* A call on the object given: re-entrant when made from a callback. */
            [$class, $target, $object, $method, $args] = $directed;
            $construct = false;
            $m = $this->methods[$class][$method];
            $args ??= $this->arguments($m);
            $label = $this->depth > 1 ? "$target (re-entered)" : $target;
        } else {
            $class = $this->chance(0.4) ? 'RedisLock'
                : ($this->chance(0.35) ? 'RedisSemaphore' : ($this->chance(0.4) ? 'RedisQueue'
                    : ($this->chance(0.5) ? 'RedisRateLimiter' : 'RedisLatch')));
            $construct = $this->chance(0.06);
            $m = $construct ? $this->methods[$class]['__construct'] : $this->pick(array_values($this->methods[$class]));
            $method = $m->getName();
            $args = $this->arguments($m);
            if ($construct && $class !== 'RedisLock' && $this->chance(0.25)) {
                /* Options a semaphore and a queue refuse: redlock, min_replicas (a rate limiter
                 * redlock only; a latch these and the watchdog, holder, the queue's options). */
                $args = [$this->refusedConnection($class)];
                $refused = $class !== 'RedisRateLimiter' || $this->isRefused($args[0], $class);
            } elseif ($construct && $this->chance(0.5)) {
                $args = [$this->safeConnection()];
                $safe = true;
                if ($class !== 'RedisLock') {
                    $refused = $this->isRefused($args[0], $class);
                }
                if (is_array($args[0]) && $this->chance(0.3)) {
                    $refs = $this->referenceOptions($args[0]);   // changed once the constructor has read them
                }
            } elseif ($construct && $this->chance(0.5)) {
                $args = [$this->hostileConnection()];
            }
            /* The main object four times as often as each other one. */
            $targets = self::TARGETS[$class];
            $target = $this->pick([$targets[0], $targets[0], $targets[0], ...$targets]);
            if (!isset($this->pool[$target])) {
                $target = $targets[0];
            }
            $object = $construct ? null : $this->pool[$target];
            $label = $target;
        }
        $this->current = $construct ? $this->describeCall("new $class", '__construct', $args, $coercive)
            : $this->describeCall($label, $method, $args, $coercive);
        $key = "$class::$method";
        $this->perMethod[$key] = ($this->perMethod[$key] ?? 0) + 1;
        $this->calls++;
        if ($this->trace) {
            fwrite(STDERR, "fuzz: call #$this->calls: $this->current\n");
        }
        if (function_exists('pcntl_alarm')) {
            pcntl_alarm(30);
        }
        $limiterWatch = $class === 'RedisRateLimiter' && !$construct ? $this->limiterBefore($target, $method, $args) : null;
        $this->diagnostics = [];
        $result = null;
        $error = null;
        $this->running[] = ['target' => $target, 'object' => $object, 'method' => $method, 'args' => $args];
        try {
            if ($construct) {
                $result = $coercive ? fuzz_new_coercive($class, $args) : fuzz_new_strict($class, $args);
            } else {
                $result = $coercive ? fuzz_call_coercive($object, $method, $args) : fuzz_call_strict($object, $method, $args);
            }
        } catch (Throwable $e) {
            $error = $e;
        } finally {
            array_pop($this->running);
        }
        for ($e = $error; $e !== null; $e = $e->getPrevious()) {
            if ($e instanceof FuzzFailure) {
                $error = $e;   // a failure found in a callback, perhaps with the release's exception chained on
                break;
            }
        }
        if (!$this->isParent()) {
            /* A child forked by a callback of this call: the call is over, and so is the child. */
            $why = $this->verdict($m, $construct, $coercive, $result, $error, $this->diagnostics);
            unset($object, $args, $result, $error);
            $this->childExit($why);
        }
        if ($error instanceof FuzzFailure) {
            throw $error;
        }
        $why = $this->verdict($m, $construct, $coercive, $result, $error, $this->diagnostics)
            ?? $this->contract($class, $method, $args, $result, $error, $refused)
            ?? ($limiterWatch !== null ? $this->limiterAfter($limiterWatch, $method, $result, $error) : null);
        $this->diagnostics = [];
        if ($why !== null) {
            $this->fail($why);
        }
        if ($error !== null) {
            $outcome = get_class($error);
        } else {
            $outcome = 'result';
            $this->remember($method, $args, $result);
        }
        $this->outcomes[$outcome] = ($this->outcomes[$outcome] ?? 0) + 1;
        if ($construct && $result !== null) {
            print_r($result, true);   // debug info of whatever the constructor accepted
            foreach (array_keys($refs) as $i) {
                $refs[$i] = $this->value(1);   // through the references: the object must not have kept them
            }
            if ($safe) {
                $this->pool[match ($class) {
                    'RedisLock' => 'fresh_lock', 'RedisSemaphore' => 'fresh_sem', 'RedisQueue' => 'fresh_queue',
                    'RedisRateLimiter' => 'fresh_limiter', default => 'fresh_latch',
                }] = $result;
            }
            $result = null;
        }
        if ($this->depth === 1 && $this->chance(0.02)) {
            $this->refillPool();
        }
        if ($this->chance(0.001)) {
            $this->resetPool();
        }
    }

    private function remember(string $method, array $args, mixed $result): void
    {
        if ($method === 'acquire' && is_string($result)) {
            $name = $args['name'] ?? $args[0] ?? null;
            $this->semTokens[] = [is_string($name) ? $name : '', $result];
            if (count($this->semTokens) > 20) {
                array_shift($this->semTokens);
            }
        }
        if (($method === 'addLock' || $method === 'fenceLock') && is_string($result)) {
            $this->tokens[] = $result;
            if (count($this->tokens) > 20) {
                array_shift($this->tokens);
            }
        }
        if (in_array($method, ['top', 'pop', 'reserve'], true) && is_array($result)) {
            foreach (isset($result['score']) ? [$result] : $result as $task) {
                if (is_array($task) && isset($task['score'])) {
                    $this->scores[] = $task['score'];
                }
            }
            $this->scores = array_slice($this->scores, -20);
        }
    }

    private function fail(string $why): never
    {
        if (!$this->isParent()) {
            $this->childExit($why);   // a child never prints: its parent reports
        }
        throw new FuzzFailure(sprintf("call #%d of seed %d: %s\n  %s", $this->calls, $this->seed, $this->current, $why));
    }

    /** Runs up to $calls calls, for at most $seconds; returns the number made. */
    public function run(int $calls, float $seconds): int
    {
        $deadline = microtime(true) + $seconds;
        while ($this->calls < $calls && microtime(true) < $deadline && $this->isParent()) {
            $this->oneCall();
        }
        if (function_exists('pcntl_alarm')) {
            pcntl_alarm(0);
        }
        $this->pool = [];
        return $this->calls;
    }

    public function summary(): string
    {
        ksort($this->outcomes);
        $parts = [];
        foreach ($this->outcomes as $k => $n) {
            $parts[] = "$k $n";
        }
        return implode(', ', $parts);
    }

    public function methodsNotCalled(): array
    {
        $missing = [];
        foreach ($this->methods as $class => $methods) {
            foreach ($methods as $name => $m) {
                if (!isset($this->perMethod["$class::$name"])) {
                    $missing[] = "$class::$name";
                }
            }
        }
        return $missing;
    }
}

function fuzz_main(array $argv): int
{
    $opts = getopt('', ['calls:', 'seed:', 'seconds:']);
    $calls = (int) ($opts['calls'] ?? getenv('REDISLOCK_FUZZ_CALLS') ?: 100000);
    $seed = isset($opts['seed']) ? (int) $opts['seed'] : (getenv('REDISLOCK_FUZZ_SEED') !== false && getenv('REDISLOCK_FUZZ_SEED') !== ''
        ? (int) getenv('REDISLOCK_FUZZ_SEED') : random_int(1, PHP_INT_MAX));
    $seconds = (float) ($opts['seconds'] ?? 1200);
    echo "fuzz: seed $seed, up to $calls calls, at most $seconds s\n";
    $start = microtime(true);
    $fuzzer = new Fuzzer($seed);
    try {
        $made = $fuzzer->run($calls, $seconds);
    } catch (FuzzFailure $f) {
        echo "FAILED: ", $f->getMessage(), "\n";
        echo "rerun with: tests/run --fuzz $calls $seed\n";
        return 1;
    }
    $elapsed = microtime(true) - $start;
    $left = $fuzzer->cleanup();
    printf("fuzz: %d calls in %.1f s (seed %d); outcomes: %s; keys of the run deleted: %d\n",
        $made, $elapsed, $seed, $fuzzer->summary(), $left);
    $missing = $fuzzer->methodsNotCalled();
    if ($missing) {
        echo "FAILED: never called: ", implode(', ', $missing), "\n";
        return 1;
    }
    if ($made < $calls) {
        echo "FAILED: only $made of $calls calls within $seconds s\n";
        return 1;
    }
    echo "fuzz: ok\n";
    return 0;
}

if (realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    exit(fuzz_main($argv));
}
