--TEST--
docs/laravel.md as a reader follows it: the bridge installed by its commands, the .env and config blocks, a lock, a job, a rate limit and artisan redislock, without phpredis
--DESCRIPTION--
A Laravel application is made in a scratch directory from what docs/laravel.md
and docs/laravel-rate-limits.md tell the reader (see docs_app.inc for the marks):
the "sh commands" block installs the bridge from the path repository, offline
(packagist.org off, COMPOSER_HOME in the directory, composer on the PHP under
test, whose extension is the ext-redislock required); the ".env" block and the
blocks for config/cache.php and config/queue.php are written, merged over a new
application's defaults (config/database.php is Laravel's own). docs_laravel_boot.inc boots
it with Debian's Illuminate packages as Foundation would, the bridge's provider
coming only from package discovery (extra.laravel.providers in Composer's list
of installed packages). Each step is a PHP of its own with the extension,
mbstring and posix only: no phpredis, no predis.
It checks:
- Cache::lock() of the page's store is ours and held in Redis under
  "Lock:<cache prefix>:<name>", a second lock of the name is refused, and
  Cache::put()/get() work on the page's data store;
- a dispatched job is queued on the page's connection, `artisan queue:work --once`
  runs it once, and the queue is then empty (`artisan redislock stats`);
- RateLimiter is ours (the page's cache.limiter) and refuses the third attempt of 2;
- `artisan redislock inspect` sees the lock, and after restoreLock()->release() sees it free;
- a data store of Laravel's redis driver without phpredis stops the boot with a
  LogicException naming the store and phpredis;
- the page's "package" repository declares what bridge/composer.json does.
A page whose commands, config or names drift from the code fails here.
--FILE--
<?php
require __DIR__ . '/docs_app.inc';

$pages = ['docs/laravel.md', 'docs/laravel-rate-limits.md'];
$root = dirname(__DIR__, 2);

// What a new Laravel application's config files hold, of what the pages touch.
$defaults = [
    'config/app.php' => "['name' => 'Laravel', 'key' => 'base64:" . base64_encode(str_repeat('k', 32)) . "', 'cipher' => 'AES-256-CBC']",
    'config/cache.php' => "['default' => env('CACHE_DRIVER', 'file'), 'stores' => ['array' => ['driver' => 'array', 'serialize' => false],\n"
        . "    'file' => ['driver' => 'file', 'path' => __DIR__ . '/../storage/framework/cache/data']],\n"
        . "    'prefix' => env('CACHE_PREFIX', 'laravel_cache')]",
    'config/database.php' => "['redis' => ['client' => env('REDIS_CLIENT', 'phpredis'), 'options' => ['prefix' => env('REDIS_PREFIX', 'laravel_database_')],\n"
        . "    'default' => ['url' => env('REDIS_URL'), 'host' => env('REDIS_HOST', '127.0.0.1'), 'password' => env('REDIS_PASSWORD'),\n"
        . "        'port' => env('REDIS_PORT', '6379'), 'database' => env('REDIS_DB', '0')]]]",
    'config/queue.php' => "['default' => env('QUEUE_CONNECTION', 'sync'), 'connections' => ['sync' => ['driver' => 'sync']],\n"
        . "    'failed' => ['driver' => 'null']]",
];

$app = da_install('docs-laravel', $pages);
$installed = json_decode((string) file_get_contents("$app/vendor/composer/installed.json"), true);
$bridge = array_values(array_filter($installed['packages'] ?? [], fn ($p) => $p['name'] === 'redislock/bridge'))[0] ?? null;
$ours = json_decode((string) file_get_contents("$root/bridge/composer.json"), true);
rq_check($bridge !== null && $bridge['version'] === $ours['version'] && is_file("$app/vendor/redislock/bridge/src/Laravel/RedisLockServiceProvider.php"),
    'the page\'s commands installed redislock/bridge at the version of bridge/composer.json', $bridge);

da_write($app, $pages, '.env');
foreach ($defaults as $file => $code) {
    if ($file === 'config/app.php' || $file === 'config/database.php') {
        @mkdir("$app/config", 0777, true);
        file_put_contents("$app/$file", "<?php\n\nreturn $code;\n");
    } else {
        da_write($app, $pages, $file, $code);
    }
}
@mkdir("$app/storage/framework/cache/data", 0777, true);

$tag = str_replace(':', '_', rl_name());
$env = ['REDIS_HOST' => rl_env('REDISLOCK_TEST_HOST'), 'REDIS_PORT' => rl_env('REDISLOCK_TEST_PORT'),
    'CACHE_PREFIX' => "c_$tag", 'REDIS_QUEUE' => "q_$tag"];
$php = da_php(['mbstring', 'posix']);
$run = static function (string ...$args) use ($php, $app, $env): array {
    return da_run(array_merge($php, [__DIR__ . '/docs_laravel_boot.inc', $app], $args), $app, $env);
};
$step = static function (string ...$args) use ($run): array {
    $r = $run(...$args);
    $json = json_decode(trim($r['out']), true);
    if ($r['status'] !== 0 || !is_array($json)) {
        echo "FAILED: step " . implode(' ', $args) . " (exit {$r['status']}):\n{$r['out']}{$r['err']}";
        exit(1);
    }
    return $json;
};
$raw = new RawRedis();

$r = $step('lock');
rq_check($r['got'] === true && $r['second'] === false && $r['store'] === 'RedisLock\Bridge\Laravel\LockStore' && $r['item'] === 'kept',
    'Cache::lock() on the page\'s store is ours and exclusive; Cache::put()/get() work on its data store', $r);
rq_check($raw->call('EXISTS', "Lock:c_$tag:docs-report") === 1, "the lock is held in Redis under Lock:<cache prefix>:docs-report");
$owner = (string) $r['owner'];

$r = $run('artisan', 'redislock', 'inspect', "c_$tag:docs-report", '--json');
$json = json_decode($r['out'], true);
rq_check($r['status'] === 0 && ($json['state']['mode'] ?? null) === 'exclusive', 'artisan redislock inspect: the lock is held', $r);

$log = "$app/storage/runs.log";
$step('dispatch', $log);
$r = $run('artisan', 'redislock', 'stats', "q_$tag", '--json');
$json = json_decode($r['out'], true);
rq_check($r['status'] === 0 && ($json['due'] ?? null) === 1, 'the dispatched job is due on the page\'s queue connection', $r);
$r = $run('artisan', 'queue:work', '--once');
rq_check($r['status'] === 0 && @file($log, FILE_IGNORE_NEW_LINES) === ['ran 1'], 'queue:work --once ran the job once', [$r, @file_get_contents($log)]);
$r = $run('artisan', 'redislock', 'stats', "q_$tag");
rq_check($r['status'] === 1, 'the queue is empty afterwards (artisan redislock stats exits 1)', $r);

$r = $step('limit');
rq_check($r['runs'] === [true, true, false] && $r['limiter'] === 'RedisLock\Bridge\Laravel\RateLimiter',
    'RateLimiter is ours and refuses the third attempt of 2', $r);

$r = $step('release', $owner);
rq_check($r['released'] === true && $raw->call('EXISTS', "Lock:c_$tag:docs-report") === 0, 'restoreLock($name, $owner)->release() frees it', $r);
$r = $run('artisan', 'redislock', 'inspect', "c_$tag:docs-report");
rq_check($r['status'] === 1, 'artisan redislock inspect: the lock is free', $r);

$r = $run('boot-redis-data');
rq_check(str_starts_with($r['out'], 'LogicException: Cache store [redislock] keeps its data in cache store [redis]')
    && str_contains($r['out'], 'phpredis'), 'a redis data store without phpredis: a LogicException at boot, naming the store and phpredis', $r);

$package = da_marked(['docs/laravel.md'], 'package');
$declared = json_decode('{' . ($package[0]['code'] ?? '') . '}', true)['repositories']['redislock']['package'] ?? null;
$same = is_array($declared);
foreach (['name', 'version', 'require', 'extra'] as $key) {
    $same = $same && $declared[$key] === $ours[$key];
}
rq_check($same && $declared['autoload']['psr-4'] === ['RedisLock\\Bridge\\' => 'bridge/src/']
    && $declared['bin'] === ['bridge/bin/redislock'], 'the page\'s package repository says what bridge/composer.json says', $declared);

$raw->call('DEL', "Queue:q_$tag");
?>
--EXPECT--
ok: the page's commands installed redislock/bridge at the version of bridge/composer.json
ok: Cache::lock() on the page's store is ours and exclusive; Cache::put()/get() work on its data store
ok: the lock is held in Redis under Lock:<cache prefix>:docs-report
ok: artisan redislock inspect: the lock is held
ok: the dispatched job is due on the page's queue connection
ok: queue:work --once ran the job once
ok: the queue is empty afterwards (artisan redislock stats exits 1)
ok: RateLimiter is ours and refuses the third attempt of 2
ok: restoreLock($name, $owner)->release() frees it
ok: artisan redislock inspect: the lock is free
ok: a redis data store without phpredis: a LogicException at boot, naming the store and phpredis
ok: the page's package repository says what bridge/composer.json says
