<?php
/* For bench/frameworks.php: the locks Laravel takes itself, through our store
 * ("redislock" driver) and through Laravel's own redis store (phpredis), each
 * in a real CacheManager of a container, as an application has them:
 *
 *   - killed holders: a scheduled event's withoutOverlapping() mutex, taken by
 *     Event::run() in the foreground (as schedule:run runs it), and the
 *     WithoutOverlapping job middleware's key (no expireAfter, the default),
 *     each held by a process that is then SIGKILLed: how long until the key is
 *     free again;
 *   - Cache::funnel(): 8 processes, limit 3, acquisitions/s and the commands
 *     per acquisition (Laravel 12 and later; older Laravel has no funnel()). */

declare(strict_types=1);

const LARAVEL_APP_PACKAGES = ['Support', 'Container', 'Config', 'Cache', 'Redis', 'Console', 'Queue'];
const KILL_WAIT_S = 30;          // how long a killed holder's key is watched at most
const FUNNEL_PROCESSES = 8;
const FUNNEL_LIMIT = 3;
const FUNNEL_ACQUISITIONS = 50;  // per process at scale 1
const FUNNEL_RELEASE_AFTER = 60;

const LV_APP_RL = 'redislock store (lease 10 s, the default)';
const LV_APP_PEER = 'Laravel redis store (phpredis)';

// What the Laravel application rows need (bench/lib/needs.php).
const LARAVEL_APP = 'the Laravel application';
bench_needs(LARAVEL_APP, array_combine(
    array_map(fn(string $package): string => "/usr/share/php/Illuminate/$package/autoload.php", LARAVEL_APP_PACKAGES),
    array_map(fn(string $package): string => 'php-illuminate-' . strtolower($package), LARAVEL_APP_PACKAGES)),
    fn(): ?string => class_exists(RedisLock\Bridge\Laravel\RedisLockServiceProvider::class) ? null : 'adapter not available (bridge/src)');

/**
 * A container with the config, the RedisManager (phpredis) and the
 * CacheManager, whose stores are "locks" (ours, prefix $prefix) and "redis"
 * (Laravel's); the cache contract is bound to $store, as CacheServiceProvider
 * binds the default store.
 */
function laravel_bench_app(string $store, string $prefix): Illuminate\Container\Container
{
    $p = bench_dsn_parts(bench_dsn());
    $app = new Illuminate\Container\Container();
    Illuminate\Container\Container::setInstance($app);
    $app->instance('config', new Illuminate\Config\Repository([
        'database' => ['redis' => ['client' => 'phpredis', 'options' => ['prefix' => ''],
            'default' => $p['socket'] !== null ? ['scheme' => 'unix', 'path' => $p['socket']] : ['host' => $p['host'], 'port' => $p['port']]]],
        'cache' => ['default' => $store, 'prefix' => $prefix, 'stores' => [
            'locks' => ['driver' => 'redislock', 'redislock' => bench_dsn()],
            'redis' => ['driver' => 'redis', 'connection' => 'default'],
        ]],
    ]));
    $app->singleton('redis', fn ($app) => new Illuminate\Redis\RedisManager($app, 'phpredis', $app['config']['database.redis']));
    $app->singleton('cache', fn ($app) => new Illuminate\Cache\CacheManager($app));
    $app->alias('cache', Illuminate\Contracts\Cache\Factory::class);
    $app->singleton('cache.store', fn ($app) => $app['cache']->driver());
    $app->alias('cache.store', Illuminate\Contracts\Cache\Repository::class);
    RedisLock\Bridge\Laravel\RedisLockServiceProvider::extendCache($app['cache']);

    return $app;
}

final class BenchOverlapJob
{
}

/**
 * Forks a process of an application on $store that takes the lock of $what
 * ("scheduler": Event::run() of a foreground withoutOverlapping() event named
 * $name; "middleware": WithoutOverlapping($name)->handle()) and sleeps inside
 * it. Returns [pid, socket, the key's name]; the socket says "in" once inside.
 */
function laravel_holder(string $what, string $store, string $prefix, string $name): array
{
    return bench_fork("laravel $what holder", function ($sock) use ($what, $store, $prefix, $name): int {
        pcntl_alarm(KILL_WAIT_S + 60);
        $app = laravel_bench_app($store, $prefix);
        $inside = function () use ($sock): void {
            fwrite($sock, "in\n");
            sleep(KILL_WAIT_S + 30);
        };
        if ($what === 'scheduler') {
            $mutex = $store === 'locks'
                ? new RedisLock\Bridge\Laravel\Scheduling\EventMutex($app['cache'])
                : new Illuminate\Console\Scheduling\CacheEventMutex($app['cache']);
            (new Illuminate\Console\Scheduling\CallbackEvent($mutex, $inside))->name($name)->withoutOverlapping()->run($app);
        } else {
            (new Illuminate\Queue\Middleware\WithoutOverlapping($name))->handle(new BenchOverlapJob(), $inside);
        }
        return 0;
    });
}

/** The Redis key of $what's lock named $name on $store, as the holder took it. */
function laravel_holder_key(string $what, string $store, string $prefix, string $name): string
{
    $lock = $what === 'scheduler'
        ? (new Illuminate\Console\Scheduling\CallbackEvent(new Illuminate\Console\Scheduling\CacheEventMutex(new Illuminate\Cache\CacheManager(new Illuminate\Container\Container())), fn () => null))->name($name)->mutexName()
        : (new Illuminate\Queue\Middleware\WithoutOverlapping($name))->getLockKey(new BenchOverlapJob());
    if ($store === 'locks') {
        return 'Lock:' . (new RedisLock\Bridge\Laravel\LockProvider(new RedisLock(bench_dsn()), $prefix))->redisName($lock);
    }

    // Laravel's own prefix as its RedisStore applies it ("prefix:" up to 10, "prefix" from 11 on).
    return laravel_bench_app('redis', $prefix)['cache']->store('redis')->getStore()->getPrefix() . $lock;
}

/**
 * The killed-holder rows: per lock kind and store, the seconds from the SIGKILL
 * until the key was gone (watched up to KILL_WAIT_S), or the TTL it still had then.
 *
 * @return list<array{what: string, store: string, freed: ?float, ttl: ?float, problem: ?string}>
 */
function laravel_killed_holder_rows(Redis $r, string $base): array
{
    $holders = [];
    foreach (['scheduler', 'middleware'] as $what) {
        foreach (['locks', 'redis'] as $store) {
            $name = "$base:kill:$what";
            $prefix = "$base:app";
            [$pid, $sock] = laravel_holder($what, $store, $prefix, $name);
            $holders[] = ['what' => $what, 'store' => $store, 'pid' => $pid, 'sock' => $sock,
                'key' => laravel_holder_key($what, $store, $prefix, $name)];
        }
    }
    $rows = [];
    try {
        foreach ($holders as $i => $h) {
            stream_set_timeout($h['sock'], READY_TIMEOUT_S);
            $holders[$i]['in'] = fgets($h['sock']) === "in\n";
        }
        foreach ($holders as $h) {
            posix_kill($h['pid'], SIGKILL);
        }
        $killed = microtime(true);
        $freed = [];
        do {
            foreach ($holders as $i => $h) {
                if (!isset($freed[$i]) && $h['in'] && !$r->exists($h['key'])) {
                    $freed[$i] = microtime(true) - $killed;
                }
            }
            $watching = array_filter($holders, fn ($h) => $h['store'] === 'locks');
            usleep(10000);
        } while (count(array_intersect_key($freed, $watching)) < count($watching) && microtime(true) - $killed < KILL_WAIT_S);
        foreach ($holders as $i => $h) {
            $pttl = $r->pttl($h['key']);
            $rows[] = ['what' => $h['what'], 'store' => $h['store'], 'freed' => $freed[$i] ?? null,
                'ttl' => isset($freed[$i]) ? null : ($pttl === -1 ? INF : ($pttl > 0 ? $pttl / 1000 : null)),
                'watched' => microtime(true) - $killed, 'problem' => $h['in'] ? null : 'the holder never got inside'];
        }
    } finally {
        foreach ($holders as $h) {
            posix_kill($h['pid'], SIGKILL);
            pcntl_waitpid($h['pid'], $status);
            fclose($h['sock']);
            $r->del($h['key']);
        }
    }

    return $rows;
}

/** "24 h", "never", "9.9 s": a TTL for the table. */
function laravel_ttl_text(?float $ttl): string
{
    if ($ttl === null) {
        return '–';
    }
    if (is_infinite($ttl)) {
        return 'never (no TTL)';
    }

    return $ttl >= 3600 ? sprintf('%.1f h', $ttl / 3600) : sprintf('%.1f s', $ttl);
}

/** Cache::store($store)->funnel() as bench_wait_rounds() takes it: 8 processes, limit 3. */
function laravel_funnel_run(Redis $r, string $store, string $name, int $iterations, float $cap_s): array
{
    return bench_wait_rounds('frameworks', $r, FUNNEL_PROCESSES, $cap_s, $cap_s + TIMEOUT_S, $name, $iterations, 3, HOLD_US,
        FUNNEL_LIMIT, function (int $wid) use ($store): callable {
            $cache = laravel_bench_app($store, '')['cache']->store($store);

            return function (string $name, callable $critical) use ($cache): bool {
                return $cache->funnel($name)->limit(FUNNEL_LIMIT)->releaseAfter(FUNNEL_RELEASE_AFTER)->block(TIMEOUT_S)
                    ->then(function () use ($critical): bool {
                        $critical();
                        return true;
                    }, fn () => false);
            };
        });
}

/** Cache::funnel() on our store, then on Laravel's: label => [laravel_funnel_run()'s figures, commands sent]. */
function laravel_funnel_rows(Redis $r, string $base, int $iterations, float $cap_s): array
{
    $funnel = [];
    if (method_exists(Illuminate\Cache\Repository::class, 'funnel')) {
        foreach (['locks' => LV_APP_RL, 'redis' => LV_APP_PEER] as $store => $label) {
            $name = "$base:funnel:$store";
            $funnel[$label] = laravel_commands_sent($r, $name,
                fn () => laravel_funnel_run($r, $store, $name, $iterations, $cap_s));
        }
    }

    return $funnel;
}

/** The table of laravel_funnel_rows(), its targets, and the funnel's goal row. */
function laravel_funnel_table(?string $why, array $funnel, int $iterations): void
{
    $ms = fn(float $v): string => bench_fixed($v, 3);
    echo "### Cache::funnel()\n\n";
    printf("%d processes (forked, own connection, warmed up, released together) each run %d times "
        . "`Cache::store(\$store)->funnel(\$name)->limit(%d)->releaseAfter(%d)->block(%d)->then(\$callback, \$failure)` on one "
        . "name, the callback holding usleep(%d). Ours: one RedisSemaphore (FIFO, waiting on the server); Laravel's: %d slot "
        . "locks tried in turn, every 250 ms. Commands sent = what the clients sent naming the funnel, seen by MONITOR during "
        . "the run (commands run inside scripts not counted; MONITOR costs both sides some throughput); all commands = INFO "
        . "commandstats, inside scripts included. Overtaken = acquisitions whose waiter saw one that began more than %s ms "
        . "after it served first (a FIFO queue overtakes none; the margin absorbs a process descheduled between its clock "
        . "and its request). Targets: ours ≥ 3x the acquisitions/s with none overtaken, ≤ 0.2x the commands sent.\n\n",
        FUNNEL_PROCESSES, $iterations, FUNNEL_LIMIT, FUNNEL_RELEASE_AFTER, TIMEOUT_S, HOLD_US, FUNNEL_LIMIT,
        bench_fixed(BENCH_OVERTAKE_MARGIN_MS, 0));
    $out = [];
    if ($why !== null || !$funnel) {
        $out[] = ['both', $why ?? ('not available: this Laravel\'s cache repository has no funnel() (Laravel 12 and later)'),
            '', '', '', '', '', '', ''];
    }
    foreach ($funnel as $label => [$x, $sent]) {
        $n = max(1, $x['n']);
        $out[] = [$label, FUNNEL_PROCESSES . ' × ' . $iterations . ($x['capped'] ? sprintf(' (CAPPED: %d done)', $x['n']) : ''),
            bench_rate($x['rate']), $ms(bench_quantile($x['waits'], 0.5)), $ms(bench_quantile($x['waits'], 0.99)),
            sprintf('%d of %d', $x['overtaken'], $x['n']),
            bench_fixed(array_sum($sent) / $n, 2) . ' (' . implode(', ', array_map(fn ($c, $k) => "$c " . bench_fixed($k / $n, 2), array_keys($sent), $sent)) . ')',
            bench_fixed($x['all_per_op'], 1), $x['most'] . ($x['problems'] ? '; ' . implode('; ', $x['problems']) : '; ok')];
    }
    bench_table(['store', 'processes × acquisitions', 'acquisitions/s', 'wait p50, ms', 'wait p99, ms', 'overtaken',
        'commands sent per acquisition', 'all commands per acquisition', 'most holders at once; check'], $out, [2, 3, 4, 5, 7]);
    if (isset($funnel[LV_APP_RL], $funnel[LV_APP_PEER])) {
        [$ours, $oursSent] = $funnel[LV_APP_RL];
        [$theirs, $theirsSent] = $funnel[LV_APP_PEER];
        $cmds = (array_sum($oursSent) / max(1, $ours['n'])) / max(1e-9, array_sum($theirsSent) / max(1, $theirs['n']));
        printf("- Cache::funnel(), %d processes, limit %d: commands sent per acquisition, ours ÷ Laravel's: %s (target ≤ 0.2x: %s)\n\n",
            FUNNEL_PROCESSES, FUNNEL_LIMIT, bench_ratio($cmds), $cmds <= 0.2 ? 'met' : 'MISSED');
        $ok = !$ours['problems'] && !$theirs['problems'] && !$ours['capped'] && !$theirs['capped'];
        $fifo = $ours['overtaken'] === 0;
        $note = $ok ? '' : 'CHECK FAILED, see above';
        if (!$fifo) {
            $note = trim($note . ($note === '' ? '' : '; ') . sprintf('%d overtaken, not FIFO', $ours['overtaken']));
        }
        bench_goals_print([bench_goal('funnel', $ours['rate'], $theirs['rate'], 'acquisitions/s', $ok && $fifo, $note)]);
    } else {
        bench_goals_print([bench_goal_unmeasured('funnel', $why ?? sprintf('Cache::funnel() needs Laravel 12 or later (here %s)',
            trim((string) shell_exec("dpkg-query -W -f '\${Version}' php-illuminate-cache 2>/dev/null")) ?: 'unknown'))]);
    }
}

/**
 * The commands clients sent (not those run inside scripts) naming $name while
 * $body runs, seen by MONITOR in a forked reader.
 */
function laravel_commands_sent(Redis $r, string $name, callable $body): array
{
    [$pid, $sock] = bench_fork('monitor reader', function ($sock) use ($name): int {
        $mon = monitor_open();
        fwrite($sock, "ready\n");
        $sent = [];
        stream_set_timeout($mon, 5);
        while (($line = fgets($mon)) !== false) {
            if (str_contains($line, '"fbench-stop ' . $name . '"')) {
                break;
            }
            if (str_contains($line, $name) && !str_contains($line, ':warm-') && preg_match('/^\+?\d+\.\d+ \[\d+ ([^\]]+)\] "([^"]*)"/', $line, $m) && $m[1] !== 'lua') {
                $cmd = strtoupper($m[2]);
                $sent[$cmd] = ($sent[$cmd] ?? 0) + 1;
            }
        }
        fwrite($sock, json_encode($sent) . "\n");
        return 0;
    });
    stream_set_timeout($sock, 10);
    fgets($sock);
    try {
        $result = $body();
    } finally {
        $r->echo("fbench-stop $name");
        stream_set_timeout($sock, 60);
        $sent = json_decode((string) fgets($sock), true);
        pcntl_waitpid($pid, $status);
        fclose($sock);
    }

    return [$result, is_array($sent) ? $sent : []];
}
