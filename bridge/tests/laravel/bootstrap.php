<?php
/*
 * The harness that lets Laravel's own tests/Integration/Cache/RedisCacheLockTest.php
 * run without Orchestra Testbench (which Debian does not package): Debian's
 * Illuminate packages, our bridge, and two stand-ins of ours in the namespaces
 * the test file names, Orchestra\Testbench\TestCase and
 * Illuminate\Foundation\Testing\Concerns\InteractsWithRedis. The test file is
 * loaded unchanged, after this.
 *
 * Environment: REDISLOCK_TEST_PORT (a Redis on 127.0.0.1) and REDISLOCK_TEST_SOCKET
 * (its unix socket), set by bridge/tests/laravel/run.
 */

foreach (['Illuminate/Support', 'Illuminate/Container', 'Illuminate/Config', 'Illuminate/Cache', 'Illuminate/Bus', 'Illuminate/Queue', 'Illuminate/Pipeline'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        fwrite(STDERR, "$package is not installed (Debian php-illuminate-*): run bridge/tests/laravel/run\n");
        exit(2);
    }
    require_once "$package/autoload.php";
}
require_once dirname(__DIR__, 2) . '/autoload.php';
// Laravel's RateLimitedTest mocks its jobs with Mockery (Debian's php-mockery).
if (stream_resolve_include_path('Mockery/autoload.php') !== false) {
    require_once 'Mockery/autoload.php';
}

if (!extension_loaded('redislock')) {
    fwrite(STDERR, "the redislock extension is not loaded (php -d extension=\$REDISLOCK_SO)\n");
    exit(2);
}
$port = getenv('REDISLOCK_TEST_PORT');
if ($port === false || $port === '') {
    fwrite(STDERR, "REDISLOCK_TEST_PORT is not set: run bridge/tests/laravel/run\n");
    exit(2);
}

/* Every lock name of this run starts with this (the cache prefix), so that the
 * run shares a server with other tests safely, and cleans up after itself. */
define('REDISLOCK_LARAVEL_HOST', '127.0.0.1');
define('REDISLOCK_LARAVEL_PORT', (int) $port);
define('REDISLOCK_LARAVEL_PREFIX', 'laravel-suite-' . getmypid());

require __DIR__ . '/harness/InteractsWithRedis.php';
require __DIR__ . '/harness/TestCase.php';
