<?php
/* The lock + unlock cycle of redislock and of each peer, shared by bench/lock.php
 * (throughput) and bench/instructions.php (instructions per cycle). */

declare(strict_types=1);

const UNLOCK_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

function load_peer(string $autoload, string $package): bool
{
    if (!is_file($autoload)) {
        fwrite(STDERR, "$package not found ($autoload); skipped\n");
        return false;
    }
    require_once $autoload;
    return true;
}

/** Each implementation: a function that runs $n cycles and returns how many failed. */
function implementations(string $name): array
{
    $impls = [];

    $rl = new RedisLock(bench_dsn());
    $impls['redislock'] = function (int $n) use ($rl, $name): int {
        $failed = 0;
        for ($i = 0; $i < $n; $i++) {
            if (!$rl->lock($name) || !$rl->unlock($name)) {
                $failed++;
            }
        }
        return $failed;
    };

    $r = bench_phpredis();
    $sha = $r->script('load', UNLOCK_SCRIPT);
    $key = "Lock:$name:floor";
    $impls['phpredis floor (SET NX PX + EVALSHA)'] = function (int $n) use ($r, $sha, $key): int {
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

    if (load_peer('/usr/share/php/Symfony/Component/Lock/autoload.php', 'symfony/lock')) {
        $redis = bench_phpredis();
        $factory = new Symfony\Component\Lock\LockFactory(new Symfony\Component\Lock\Store\RedisStore($redis));
        $impls['symfony/lock RedisStore, new lock per cycle'] = function (int $n) use ($factory, $name): int {
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
        $reused = $factory->createLock("$name:symfony-reused", 15.0);
        $impls['symfony/lock RedisStore, one lock reused'] = function (int $n) use ($reused): int {
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
    }

    if (load_peer('/usr/share/php/Malkusch/Lock/autoload.php', 'malkusch/lock')) {
        $mutex = new malkusch\lock\mutex\PHPRedisMutex([bench_phpredis()], "$name:malkusch", 15);
        $impls['malkusch/lock PHPRedisMutex'] = function (int $n) use ($mutex): int {
            for ($i = 0; $i < $n; $i++) {
                $mutex->synchronized(fn() => null);
            }
            return 0;
        };
    }

    // Context, not a lock: two bare round trips, what any two-command lock pays.
    $ping = bench_phpredis();
    $impls['(reference) phpredis 2x PING'] = function (int $n) use ($ping): int {
        for ($i = 0; $i < $n; $i++) {
            $ping->ping();
            $ping->ping();
        }
        return 0;
    };
    return $impls;
}

