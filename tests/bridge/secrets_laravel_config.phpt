--TEST--
Secrets, Laravel: no form of a password in a redislock connection or store config appears in an exception's message, string form or trace
--DESCRIPTION--
Secrets, Laravel: no form of a password in a redislock queue connection or cache
store (a DSN, an options array, a redis connection's url or password, a cluster
node's url; user:pass@, :pass@, pass@, with an unencoded '/' or '@',
percent-encoded) appears in the message, string form or trace with arguments of
the exception a mistake or a refused password throws

The queue connector and the cache store read the connection through
RedisLockServiceProvider's config translation; every function on that path
marks the parameter that carries the config #[\SensitiveParameter], and an
error of Laravel's own url parser (whose frames carry the url) is thrown again
without it. Frames of Laravel's own callers (CacheManager::callCustomCreator()
holds the cache store's config) are Laravel's: the passwords here live where
Laravel keeps them, in config/database.php's redis connections.
--INI--
zend.exception_ignore_args=0
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

use RedisLock\Bridge\Laravel\Queue\Connector;

function secrets_shown(Throwable $e): string
{
    $text = '';
    for ($x = $e; $x !== null; $x = $x->getPrevious()) {
        $text .= get_class($x) . "\n" . $x->getMessage() . "\n" . $x . "\n" . $x->getTraceAsString() . "\n"
            . var_export($x->getTrace(), true) . "\n" . print_r($x->getTrace(), true) . "\n";
    }
    return $text;
}

$hp = rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT');
$auth = rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_AUTH_PORT');
$redis = [
    'pass_slash' => ['url' => "redis://alice:Zq3a/Zq3b@$hp"],
    'pass_at_bad_db' => ['url' => "redis://alice:Zq4a@Zq4b@$hp", 'database' => 'x'],
    'bad_scheme' => ['url' => "memcached://:Zq5a@$hp"],
    'encoded_wrong' => ['url' => "redis://alice:Zq6a%2FZq6b@$auth"],
    'pass_only_wrong' => ['url' => "redis://Zq7a@$auth"],
    'password_key_wrong' => ['host' => rl_env('REDISLOCK_TEST_HOST'), 'port' => rl_env('REDISLOCK_TEST_AUTH_PORT'), 'password' => 'Zq8a'],
    // Refused: a port where nothing listens (a port Laravel reads as none, such as
    // 'x', would fall back to Redis's default port, where another server may listen).
    'password_key_dead_port' => ['host' => rl_env('REDISLOCK_TEST_HOST'), 'port' => (string) rl_dead_port(), 'password' => 'Zq9a'],
    'clusters' => ['c' => [['url' => "redis://alice:Zq10a/Zq10b@$hp"]]],
];
$stores = [];
foreach (array_keys($redis) as $name) {
    $stores[$name] = ['driver' => 'redislock', 'lock_connection' => $name === 'clusters' ? 'c' : $name, 'prefix' => ''];
}
$app = redislock_laravel_app(['cache' => ['stores' => $stores], 'database' => ['redis' => $redis]]);
$connector = new Connector($app);

$cases = [
    'queue: DSN user:pass@, unknown option' => [fn () => $connector->connect(['connection' => "redis://alice:Zq1a@$hp?bogus=1"]), ['Zq1a']],
    "queue: DSN with an unencoded '/'" => [fn () => $connector->connect(['connection' => "redis://alice:Zq11a/Zq11b@$hp"]), ['Zq11a', 'Zq11b']],
    'queue: DSN :pass@, refused' => [fn () => $connector->connect(['connection' => "redis://:Zq12a@$auth"])->size('q'), ['Zq12a']],
    'queue: options array, unknown option' => [fn () => $connector->connect(['connection' => ['host' => '127.0.0.1', 'password' => 'Zq2a', 'bogus' => 1]]), ['Zq2a']],
];
foreach (array_keys($redis) as $name) {
    $cases["queue: redis connection $name"] = [fn () => $connector->connect(['connection' => $name === 'clusters' ? 'c' : $name])->size('q'), []];
    $cases["cache store: redis connection $name"] = [fn () => $app['cache']->store($name)->lock(rl_name(), 10)->get(), []];
}
foreach ($cases as $what => [$fn, $pieces]) {
    $pieces = $pieces ?: [];
    foreach ($redis as $c) {
        // The pieces of the password of every redis connection.
        array_walk_recursive($c, function ($v) use (&$pieces) {
            if (is_string($v) && preg_match_all('/Zq\d+[ab]/', $v, $m)) {
                $pieces = array_merge($pieces, $m[0]);
            }
        });
    }
    try {
        $fn();
        echo "FAILED: $what: no exception\n";
        continue;
    } catch (Throwable $e) {
        $shown = secrets_shown($e);
    }
    $leaks = array_values(array_unique(array_filter($pieces, fn ($p) => str_contains($shown, $p))));
    echo $leaks ? "FAILED: $what: " . get_class($e) . ' shows ' . implode(', ', $leaks) . "\n" . $shown . "\n" : "ok: $what: " . get_class($e) . "\n";
}
?>
--EXPECT--
ok: queue: DSN user:pass@, unknown option: InvalidArgumentException
ok: queue: DSN with an unencoded '/': InvalidArgumentException
ok: queue: DSN :pass@, refused: RedisLockServerException
ok: queue: options array, unknown option: InvalidArgumentException
ok: queue: redis connection pass_slash: InvalidArgumentException
ok: cache store: redis connection pass_slash: InvalidArgumentException
ok: queue: redis connection pass_at_bad_db: InvalidArgumentException
ok: cache store: redis connection pass_at_bad_db: InvalidArgumentException
ok: queue: redis connection bad_scheme: InvalidArgumentException
ok: cache store: redis connection bad_scheme: InvalidArgumentException
ok: queue: redis connection encoded_wrong: RedisLockServerException
ok: cache store: redis connection encoded_wrong: RedisLockServerException
ok: queue: redis connection pass_only_wrong: RedisLockServerException
ok: cache store: redis connection pass_only_wrong: RedisLockServerException
ok: queue: redis connection password_key_wrong: RedisLockServerException
ok: cache store: redis connection password_key_wrong: RedisLockServerException
ok: queue: redis connection password_key_dead_port: RedisLockConnectionException
ok: cache store: redis connection password_key_dead_port: RedisLockConnectionException
ok: queue: redis connection clusters: InvalidArgumentException
ok: cache store: redis connection clusters: InvalidArgumentException
