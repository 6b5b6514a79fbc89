<?php
/* The harness every bench script requires: bench/run sets BENCH_DSN (and
 * BENCH_SCALE); a script run by hand needs them too, e.g.
 * BENCH_DSN=redis://127.0.0.1:6379 php -d extension=modules/redislock.so bench/lock.php */

declare(strict_types=1);

if (!extension_loaded('redislock')) {
    fwrite(STDERR, "the redislock extension is not loaded: run the benchmarks with bench/run\n");
    exit(2);
}
if (!extension_loaded('redis')) {
    fwrite(STDERR, "the phpredis extension is not loaded (Debian package php-redis): run with the normal php.ini\n");
    exit(2);
}

require __DIR__ . '/env.php';
require __DIR__ . '/report.php';
require __DIR__ . '/memory.php';
require __DIR__ . '/server.php';
require __DIR__ . '/workers.php';
require __DIR__ . '/needs.php';
require __DIR__ . '/goals.php';
require __DIR__ . '/jobs.php';

// Refuse a bad or non-loopback DSN before anything connects.
bench_dsn_parts(bench_dsn());
