<?php
/* Cache::funnel() alone, as bench/frameworks.php measures it (its Laravel part,
 * bench/frameworks_laravel.php): 8 processes on limit 3 through our store and
 * through Laravel's redis store, acquisitions/s, waits, how many waiters were
 * overtaken, the commands per acquisition; then the funnel's goal row. bench/run
 * goals runs it, without the rest of the frameworks mode. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const HOLD_US = 1000;       // the critical section: usleep(1000), as in bench/frameworks.php
const TIMEOUT_S = 30;       // how long one blocking acquisition may wait
const WAIT_CAP_S = 20;      // no new acquisition after this long (times the scale above 1)
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;         // SIGALRM ends a worker this long after its budget, whatever happens

require __DIR__ . '/frameworks_laravel.php';
if (is_file(__DIR__ . '/../bridge/autoload.php')) {
    require_once __DIR__ . '/../bridge/autoload.php';
}

$why = unavailable(LARAVEL_APP);
$base = bench_name('funnel');
$r = bench_phpredis();
$iterations = bench_n(FUNNEL_ACQUISITIONS, 5);
$funnel = [];
try {
    if ($why === null) {
        $funnel = laravel_funnel_rows($r, $base, $iterations, WAIT_CAP_S * max(1.0, bench_scale()));
    }
} finally {
    bench_sweep_keys($r, $base);
}
laravel_funnel_table($why, $funnel, $iterations);
