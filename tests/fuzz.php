<?php
/*
 * Fuzzer of the public API: calls every public method of RedisLock and RedisQueue,
 * the constructors too, with random arguments of every PHP type, against the test
 * servers of tests/run.
 *
 *   tests/run --fuzz [CALLS] [SEED]    built with ASan, against throwaway servers
 *   php tests/fuzz.php [--calls N] [--seed S] [--seconds T]   (REDISLOCK_TEST_* set)
 *
 * The only accepted outcomes of a call are a result of the declared return type,
 * TypeError, ValueError, ArgumentCountError, an Error for a wrong call shape
 * (unknown or repeated named argument, a second __construct(), an object whose
 * constructor was not run), a RedisLockException subclass, or the documented
 * BadMethodCallException of fencingToken() on a redlock object. Anything else fails
 * the run: another exception, a crash, a hang (SIGALRM after 30 s in one call), or
 * any PHP warning, notice or deprecation. One exception to the last rule: calls
 * made from tests/fuzz_coercive.inc (not strict_types) may get the engine's own
 * coercion deprecations for the argument (null to a scalar parameter, a float with
 * a fraction to an int parameter), which PHP raises before the method runs.
 *
 * The calls are drawn from a seeded Mt19937: the same seed draws the same calls.
 * The seed is printed first; a failure prints the call that failed.
 */

declare(strict_types=1);

require_once __DIR__ . '/redislock_test.inc';
require_once __DIR__ . '/fuzz_coercive.inc';

final class FuzzFailure extends RuntimeException {}
final class FuzzCallbackException extends RuntimeException {}

/** Never calls its parent's constructor: every method must refuse it with an Error. */
final class FuzzUnconstructedLock extends RedisLock
{
    public function __construct() {}
}

final class FuzzUnconstructedQueue extends RedisQueue
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
    private Random\Randomizer $rnd;
    private string $marker;
    private string $big;
    /** @var array<string, array<string, ReflectionMethod>> */
    private array $methods = [];
    /** @var array<string, object> */
    private array $pool = [];
    private array $names = [];
    private array $tokens = [];
    private array $scores = [];
    private array $diagnostics = [];
    private int $deadPort;
    public int $calls = 0;
    public array $outcomes = [];
    public array $perMethod = [];
    private int $depth = 0;
    private string $current = '';
    /** Set in a child forked by a callback: it leaves the fuzz loop as soon as its call returns. */
    private bool $forked = false;

    public function __construct(public readonly int $seed)
    {
        $this->rnd = new Random\Randomizer(new Random\Engine\Mt19937($seed));
        $this->marker = 'fuzz:' . getmypid() . ':' . $seed . ':';
        $this->big = str_repeat("\x00big\xff", 1 << 18);   // 1.25 MiB of binary
        $this->deadPort = rl_dead_port();
        foreach (['RedisLock', 'RedisQueue'] as $class) {
            foreach ((new ReflectionClass($class))->getMethods(ReflectionMethod::IS_PUBLIC) as $m) {
                $this->methods[$class][$m->getName()] = $m;
            }
        }
        for ($i = 0; $i < 12; $i++) {
            $this->names[] = "n$i";
        }
        array_push($this->names, "bin\x00\r\n%n%s{}", '{', '}', '{tag}x', "\xff\xfe\xc3\x28", ' ', 'ü');
        $this->resetPool();
        set_error_handler(function (int $no, string $msg, string $file = '', int $line = 0): bool {
            $this->diagnostics[] = "$no: $msg";
            return true;
        });
    }

    /** Every key of this run: cleaned up at the end. */
    public function cleanup(): int
    {
        $raw = new RawRedis();
        $deleted = 0;
        $cursor = '0';
        do {
            [$cursor, $keys] = $raw->call('SCAN', $cursor, 'MATCH', '*' . $this->marker . '*', 'COUNT', '1000');
            foreach ($keys as $key) {
                $deleted += $raw->call('DEL', $key);
            }
        } while ($cursor !== '0');
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

    private function closure(int $depth = 0): Closure
    {
        $value = $this->value($depth + 1);
        return match ($this->int(0, 5)) {
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
                /* Forks: the child leaves the callback as the parent does (inside
                 * synchronized(), say), finishes that call and exits; the parent
                 * waits for it, then goes on. Neither may lose or release the
                 * other's locks. */
                if ($this->depth >= 2 || $this->forked || !function_exists('pcntl_fork')) {
                    return $value;
                }
                $pid = pcntl_fork();
                if ($pid === 0) {
                    $this->forked = true;
                    return $value;
                }
                if ($pid > 0) {
                    pcntl_waitpid($pid, $status);
                }
                return $value;
            },
            4 => function () use ($value) {
                /* Drops an object of the pool, perhaps the one whose method is running
                 * (calls on it then go to the main objects, which stay). */
                if ($this->depth < 2) {
                    unset($this->pool[$this->pick(['lock2', 'lock_dead', 'queue_dead', 'fresh_lock', 'fresh_queue'])]);
                }
                return $value;
            },
            default => fn(...$args) => count($args),
        };
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
                    3 => $this->pool[array_rand($this->pool)],
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

    private function plausible(string $param): mixed
    {
        switch ($param) {
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
                return $this->wait();
            case 'expire':
            case 'visibility':
            case 'delay':
            case 'afterInterval':
                return $this->chance(0.7) ? $this->real(0.001, 60) : $this->float();
            case 'waitIntervalUs':
                return $this->integer();
            case 'count':
                return $this->chance(0.8) ? $this->int(-1, 5) : $this->integer();
            case 'id':
                if ($this->chance(0.2)) {
                    $a = [];
                    for ($i = $this->int(0, 8); $i > 0; $i--) {
                        $a[] = $this->chance(0.9) ? ($this->chance(0.5) ? $this->int(0, 30) : "t" . $this->int(0, 30)) : $this->value(1);
                    }
                    return $a;
                }
                return $this->chance(0.5) ? $this->int(0, 30) : ($this->chance(0.8) ? 't' . $this->int(0, 30) : $this->string());
            case 'score':
                return $this->scores && $this->chance(0.7) ? $this->pick($this->scores) : $this->float();
            case 'token':
                return $this->tokens && $this->chance(0.7) ? $this->pick($this->tokens) : $this->string();
            case 'fn':
                return $this->chance(0.85) ? $this->closure() : $this->pick(['strlen', 'time', [$this, 'value'], 'no_such_function']);
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
        ];
        foreach ($optional as $key => $make) {
            if ($this->chance(0.25)) {
                $o[$key] = $make();
            }
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

    /** An extreme number, for every option that takes one. */
    private function extreme(): int|float|string
    {
        return $this->pick([1e300, -1e300, 1e-300, -0.0, NAN, INF, -INF, PHP_INT_MAX, PHP_INT_MIN, 0, 1e9, 1e9 + 1, 0.0005,
            2 ** 53, (float) 2 ** 63, 65536, 2147483648, -1, '1e300', '1e-300', '9223372036854775808', '-0', 'NAN']);
    }

    /**
     * Options arrays and DSNs of the shapes that once crashed or misled the parser:
     * references back into the array, options nested inside themselves, references
     * to scalars, and extreme numbers in every numeric option. Never connected.
     */
    private function hostileConnection(): array|string
    {
        $numeric = ['port', 'database', 'connect_timeout', 'read_timeout', 'min_replicas'];
        $nested = ['redlock', 'tls', 'sentinel', 'cluster'];
        switch ($this->int(0, 4)) {
            case 0:
                $o = ['host' => '127.0.0.1'];
                $o[$this->pick($nested)][$this->int(0, 2)] = &$o;
                return $o;
            case 1:
                $o = ['host' => '127.0.0.1'];
                $o[$this->pick($nested)] = &$o;
                return $o;
            case 2:
                /* Options nested in options, several levels down. */
                $o = ['host' => '127.0.0.1', 'port' => $this->deadPort];
                for ($i = $this->int(1, 6); $i > 0; $i--) {
                    $o = [$this->pick($nested) => $this->chance(0.7) ? [$o, 'redis://127.0.0.1:' . $this->deadPort] : $o]
                        + ($this->chance(0.3) ? ['service' => 's'] : []);
                }
                return $o;
            case 3:
                $o = ['host' => '127.0.0.1', 'port' => $this->deadPort];
                foreach ($this->rnd->shuffleArray($numeric) as $key) {
                    if ($this->chance(0.5)) {
                        $x = $this->extreme();
                        if ($this->chance(0.3)) {
                            $o[$key] = &$x;   // a reference to a scalar
                            unset($x);
                        } else {
                            $o[$key] = $x;
                        }
                    }
                }
                if ($this->chance(0.3)) {
                    $o['redlock'] = [$o, $o, 'redis://127.0.0.1:' . $this->deadPort];
                    unset($o['host'], $o['port']);
                }
                return $o;
            default:
                $query = [];
                foreach (['connect_timeout', 'read_timeout', 'db', 'min_replicas'] as $key) {
                    if ($this->chance(0.5)) {
                        $query[] = $key . '=' . rawurlencode((string) $this->extreme());
                    }
                }
                $port = $this->chance(0.8) ? (string) $this->deadPort : (string) $this->extreme();
                return $this->pick(['redis://', 'rediss://', 'sentinel://', 'redis-cluster://']) . "127.0.0.1:$port"
                    . ($this->chance(0.3) ? '/' . rawurlencode((string) $this->extreme()) : '') . '/s?' . implode('&', $query);
        }
    }

    private function resetPool(): void
    {
        $this->pool = [];   // destroys the old objects: auto-release of what they hold
        $opts = rl_options(['prefix' => $this->marker, 'read_timeout' => 2.0, 'connect_timeout' => 1.0]);
        $this->pool['lock'] = new RedisLock($opts);
        $this->pool['lock2'] = new RedisLock($opts);
        $this->pool['queue'] = new RedisQueue($opts);
        $this->pool['lock_dead'] = new RedisLock(['host' => '127.0.0.1', 'port' => $this->deadPort, 'prefix' => $this->marker]);
        $this->pool['queue_dead'] = new RedisQueue('redis://127.0.0.1:' . $this->deadPort . '?prefix=' . rawurlencode($this->marker));
        $this->pool['lock_unconstructed'] = new FuzzUnconstructedLock();
        $this->pool['queue_unconstructed'] = new FuzzUnconstructedQueue();
    }

    /* ---- one call -------------------------------------------------------------------- */

    private function arguments(ReflectionMethod $m): array
    {
        $params = $m->getParameters();
        $required = $m->getNumberOfRequiredParameters();
        $value = function (ReflectionParameter $p) {
            if ($this->chance(0.6)) {
                return $this->plausible($p->getName());
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
            /* The one documented misuse: fencing numbers do not exist under redlock. */
            return $method === 'fencingToken' && str_starts_with($e->getMessage(), 'RedisLock::fencingToken() is not available with redlock');
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
        $this->depth++;
        try {
            $this->call();
        } finally {
            $this->depth--;
        }
    }

    private function call(): void
    {
        $outer = $this->diagnostics;   // a call made from inside another call's callback
        try {
            $this->callChecked();
        } finally {
            $this->diagnostics = $outer;
        }
    }

    private function callChecked(): void
    {
        $coercive = $this->chance(0.15);
        $class = $this->chance(0.55) ? 'RedisLock' : 'RedisQueue';
        $construct = $this->chance(0.06);
        $m = $construct ? $this->methods[$class]['__construct'] : $this->pick(array_values($this->methods[$class]));
        $method = $m->getName();
        $args = $this->arguments($m);
        $safe = false;
        if ($construct && $this->chance(0.5)) {
            $args = [$this->safeConnection()];
            $safe = true;
        }
        $targets = $class === 'RedisLock' ? ['lock', 'lock', 'lock', 'lock', 'lock2', 'lock_dead', 'lock_unconstructed', 'fresh_lock']
            : ['queue', 'queue', 'queue', 'queue', 'queue_dead', 'queue_unconstructed', 'fresh_queue'];
        $target = $this->pick($targets);
        if (!isset($this->pool[$target])) {
            $target = $class === 'RedisLock' ? 'lock' : 'queue';
        }
        $this->current = $construct ? $this->describeCall("new $class", '__construct', $args, $coercive)
            : $this->describeCall($target, $method, $args, $coercive);
        $key = "$class::$method";
        $this->perMethod[$key] = ($this->perMethod[$key] ?? 0) + 1;
        $this->calls++;
        if (function_exists('pcntl_alarm')) {
            pcntl_alarm(30);
        }
        $this->diagnostics = [];
        $result = null;
        $error = null;
        try {
            if ($construct) {
                $result = $coercive ? fuzz_new_coercive($class, $args) : fuzz_new_strict($class, $args);
            } else {
                $object = $this->pool[$target];
                $result = $coercive ? fuzz_call_coercive($object, $method, $args) : fuzz_call_strict($object, $method, $args);
            }
        } catch (FuzzFailure $f) {
            throw $f;
        } catch (Throwable $e) {
            $error = $e;
        }
        if ($this->forked) {
            /* A child forked by a callback: its call is over, and so is its part. */
            exit(0);
        }
        $diagnostics = $this->diagnostics;
        $this->diagnostics = [];
        if ($coercive) {
            $diagnostics = array_values(array_filter($diagnostics, fn(string $d) => !preg_match(
                '/^8192: (\S+\(\): )?(Passing null to parameter #\d+ \(\$\w+\) of type \S+ is deprecated'
                . '|Implicit conversion from float(-string)? .* to int loses precision)$/s', $d)));
        }
        if ($diagnostics) {
            $this->fail('PHP diagnostics: ' . implode(' | ', $diagnostics));
        }
        if ($error !== null) {
            if (!$this->allowedError($error, $method, $coercive)) {
                $this->fail('unexpected ' . get_class($error) . ': ' . $error->getMessage() . "\n" . $error->getTraceAsString());
            }
            $outcome = get_class($error);
        } else {
            if (!$construct && !$this->returnTypeOk($m, $result)) {
                $this->fail('result of type ' . get_debug_type($result) . ' does not match the declared return type ' . $m->getReturnType());
            }
            $outcome = 'result';
            $this->remember($method, $result);
        }
        $this->outcomes[$outcome] = ($this->outcomes[$outcome] ?? 0) + 1;
        if ($construct && $result !== null) {
            print_r($result, true);   // debug info of whatever the constructor accepted
            if ($safe) {
                $this->pool[$class === 'RedisLock' ? 'fresh_lock' : 'fresh_queue'] = $result;
            }
            $result = null;
        }
        if ($this->chance(0.001)) {
            $this->resetPool();
        }
    }

    private function remember(string $method, mixed $result): void
    {
        if ($method === 'addLock' && is_string($result)) {
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
        throw new FuzzFailure(sprintf("call #%d of seed %d: %s\n  %s", $this->calls, $this->seed, $this->current, $why));
    }

    /** Runs up to $calls calls, for at most $seconds; returns the number made. */
    public function run(int $calls, float $seconds): int
    {
        $deadline = microtime(true) + $seconds;
        while ($this->calls < $calls && microtime(true) < $deadline) {
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
