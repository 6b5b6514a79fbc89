--TEST--
Laravel queue driver: 8 worker processes, 100 short jobs and workers SIGKILLed mid-job (and restarted): every job runs to completion, and no job ever runs twice at once
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
const JOBS = 100;
const WORKERS = 8;
const KILLS = 12;
const RETRY_AFTER = 1;
const LIMIT = 50.0;   // seconds for the whole test

$dir = rq_tmpdir();
$log = "$dir/runs.log";
touch($log);
$env = ['LQ_QUEUE' => lq_queue()];
$app = lq_app(['retry_after' => RETRY_AFTER]);
$queue = $app['queue']->connection('redislock');
mt_srand($seed = random_int(1, PHP_INT_MAX));
$jobs = [];
for ($i = 0; $i < JOBS; $i++) {
    $jobs[] = new LqRecordJob("j$i", mt_rand(150, 450) / 1000, false, $log);
}
$queue->bulk($jobs);

$spawn = fn (int $w) => lq_spawn_worker(['redislock', RETRY_AFTER, 0, 60], $env, "$dir/worker-$w.out");
$workers = [];
for ($w = 0; $w < WORKERS; $w++) {
    $workers[$w] = $spawn($w);
}
$kills = [];   // pid => time of the kill
$started = microtime(true);
$nextKill = $started + 1.0;
$done = [];
while (microtime(true) - $started < LIMIT) {
    usleep(50000);
    $runs = lq_runs($log);
    $done = array_filter($runs, fn ($list) => array_filter($list, fn ($run) => $run['end'] !== null) !== []);
    if (count($done) === JOBS) {
        break;
    }
    if (count($kills) < KILLS && microtime(true) >= $nextKill) {
        /* A worker that is running a job right now. */
        $busy = [];
        foreach ($runs as $list) {
            foreach ($list as $run) {
                if ($run['end'] === null && !isset($kills[$run['pid']])) {
                    $busy[$run['pid']] = true;
                }
            }
        }
        foreach ($workers as $w => $proc) {
            $pid = proc_get_status($proc)['pid'];
            if (isset($busy[$pid])) {
                posix_kill($pid, SIGKILL);
                $kills[$pid] = microtime(true);
                proc_close($proc);
                $workers[$w] = $spawn($w);
                break;
            }
        }
        $nextKill = microtime(true) + mt_rand(150, 400) / 1000;
    }
}
foreach ($workers as $proc) {
    proc_terminate($proc, SIGTERM);   // Laravel's worker stops after its current job
}
$codes = lq_wait_all($workers, 10);
rq_check(microtime(true) - $started < LIMIT + 11, 'within the time limit');
rq_check(count($kills) >= 8, 'at least 8 workers killed while running a job (at most ' . KILLS . ')', count($kills));

$runs = lq_runs($log);
$missing = array_diff(array_map(fn ($i) => "j$i", range(0, JOBS - 1)), array_keys($done));
rq_check($missing === [], 'every job ran to completion', ['missing' => array_values($missing), 'seed' => $seed]);
$cut = 0;
$overlaps = [];
foreach ($runs as $tag => $list) {
    usort($list, fn ($a, $b) => $a['start'] <=> $b['start']);
    $previousEnd = null;
    foreach ($list as $run) {
        if ($previousEnd !== null && $run['start'] < $previousEnd) {
            $overlaps[$tag] = $list;
        }
        if ($run['end'] === null) {
            $cut++;
            /* Cut short: it ran until its worker was killed. */
            $previousEnd = $kills[$run['pid']] ?? INF;
        } else {
            $previousEnd = $run['end'];
        }
    }
}
rq_check($overlaps === [], 'no job ever ran twice at once', ['overlaps' => $overlaps, 'kills' => $kills]);
/* A job may end between the look at the log and the kill: most kills cut one short. */
rq_check($cut >= 4 && $cut <= count($kills), 'the kills cut runs short, which ran again later', $cut);
$stats = rq_queue()->stats(lq_queue());
rq_check($stats['due'] + $stats['delayed'] + $stats['inflight'] + $stats['dead'] === 0, 'the queue is empty, no dead letters', $stats);
foreach (glob("$dir/worker-*.out") as $file) {
    if (trim(file_get_contents($file)) !== '') {
        echo basename($file), ":\n", file_get_contents($file);
    }
}
?>
--EXPECT--
ok: within the time limit
ok: at least 8 workers killed while running a job (at most 12)
ok: every job ran to completion
ok: no job ever ran twice at once
ok: the kills cut runs short, which ran again later
ok: the queue is empty, no dead letters
