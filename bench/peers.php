<?php
/* The lock + unlock cycle of redislock and of each peer, shared by bench/lock.php
 * (throughput), bench/instructions.php (instructions per cycle) and bench/scale.php
 * (many processes on one server). */

declare(strict_types=1);

const UNLOCK_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
const SYMFONY_LOCK_AUTOLOAD = '/usr/share/php/Symfony/Component/Lock/autoload.php';
const MALKUSCH_LOCK_AUTOLOAD = '/usr/share/php/Malkusch/Lock/autoload.php';

/** Whether a peer's Debian package is installed; says so once per process (and its forks) when not. */
function peer_available(string $autoload, string $package): bool
{
    static $said = [];
    if (is_file($autoload)) {
        return true;
    }
    if (!isset($said[$package])) {
        fwrite(STDERR, "$package not found ($autoload); skipped\n");
        $said[$package] = true;
    }
    return false;
}

/**
 * Each implementation, not yet connected: label => a function that connects (and
 * loads what it needs) and returns the cycle function, which runs $n cycles on
 * $name and returns how many failed. Only the implementations whose packages are
 * installed are listed.
 */
function implementation_makers(string $name): array
{
    $makers = [];

    $makers['redislock'] = function () use ($name): callable {
        $rl = new RedisLock(bench_dsn());
        return function (int $n) use ($rl, $name): int {
            $failed = 0;
            for ($i = 0; $i < $n; $i++) {
                if (!$rl->lock($name) || !$rl->unlock($name)) {
                    $failed++;
                }
            }
            return $failed;
        };
    };

    $makers['phpredis floor (SET NX PX + EVALSHA)'] = function () use ($name): callable {
        $r = bench_phpredis();
        $sha = $r->script('load', UNLOCK_SCRIPT);
        $key = "Lock:$name:floor";
        return function (int $n) use ($r, $sha, $key): int {
            $failed = 0;
            for ($i = 0; $i < $n; $i++) {
                $token = bin2hex(random_bytes(16));
                if ($r->set($key, $token, ['nx', 'px' => 15000]) !== true
                    || $r->evalSha($sha, [$key, $token], 1) !== 1) {
                    $failed++;
                }
            }
            return $failed;
        };
    };

    if (peer_available(SYMFONY_LOCK_AUTOLOAD, 'symfony/lock')) {
        // Both symfony rows share one factory and its connection.
        $factory = null;
        $get_factory = function () use (&$factory): Symfony\Component\Lock\LockFactory {
            require_once SYMFONY_LOCK_AUTOLOAD;
            return $factory ??= new Symfony\Component\Lock\LockFactory(
                new Symfony\Component\Lock\Store\RedisStore(bench_phpredis()));
        };
        $makers['symfony/lock RedisStore, new lock per cycle'] = function () use ($get_factory, $name): callable {
            $factory = $get_factory();
            return function (int $n) use ($factory, $name): int {
                $failed = 0;
                for ($i = 0; $i < $n; $i++) {
                    $lock = $factory->createLock("$name:symfony", 15.0);
                    if (!$lock->acquire()) {
                        $failed++;
                        continue;
                    }
                    $lock->release();
                }
                return $failed;
            };
        };
        $makers['symfony/lock RedisStore, one lock reused'] = function () use ($get_factory, $name): callable {
            $reused = $get_factory()->createLock("$name:symfony-reused", 15.0);
            return function (int $n) use ($reused): int {
                $failed = 0;
                for ($i = 0; $i < $n; $i++) {
                    if (!$reused->acquire()) {
                        $failed++;
                        continue;
                    }
                    $reused->release();
                }
                return $failed;
            };
        };
    }

    if (peer_available(MALKUSCH_LOCK_AUTOLOAD, 'malkusch/lock')) {
        $makers['malkusch/lock PHPRedisMutex'] = function () use ($name): callable {
            require_once MALKUSCH_LOCK_AUTOLOAD;
            $mutex = new malkusch\lock\mutex\PHPRedisMutex([bench_phpredis()], "$name:malkusch", 15);
            return function (int $n) use ($mutex): int {
                for ($i = 0; $i < $n; $i++) {
                    $mutex->synchronized(fn() => null);
                }
                return 0;
            };
        };
    }

    // Context, not a lock: two bare round trips, what any two-command lock pays.
    $makers['(reference) phpredis 2x PING'] = function (): callable {
        $ping = bench_phpredis();
        return function (int $n) use ($ping): int {
            for ($i = 0; $i < $n; $i++) {
                $ping->ping();
                $ping->ping();
            }
            return 0;
        };
    };
    return $makers;
}

/** Each implementation, connected: label => the cycle function of implementation_makers(). */
function implementations(string $name): array
{
    return array_map(fn(callable $make): callable => $make(), implementation_makers($name));
}
