--TEST--
Laravel Cache::funnel() on our store: never more than the limit at once, entry in arrival order
--DESCRIPTION--
Laravel Cache::funnel() on our store, limit 3, 12 processes: never 4 at once,
entry in arrival order, and fewer Redis commands per acquisition than Laravel's
own funnel on its redis store; on a Laravel without funnel(), the store still
works

Unchanged user code in 12 real processes: Cache::store(...)->funnel($name)
->limit(3)->releaseAfter(60)->block(20)->then(...), each holding 1 s, arriving
0.15 s apart (after all have booted and each has taken and left a funnel of its
own, so none loads a class or connects between arriving and asking), so that
nine of them queue. Through our
store the funnel is one RedisSemaphore: at most 3 inside at once (and 3
reached), entered in the order they arrived, and the commands that name the
funnel, seen by MONITOR, are counted per acquisition. The same 12 processes
through Laravel's own funnel on its redis store (phpredis), in the same test,
poll every 250 ms over 3 slot locks: their commands are counted the same way,
and ours must be at most 5 per acquisition and at most a third of theirs.
Laravel's funnel() exists from 12 on (Debian sid ships 13; bookworm's 8 and
trixie's 10 have none): there the test asserts that the repository has no
funnel(), that our store's repository is Laravel's own class, and that its
locks work; the expected output allows either branch (EXPECTREGEX), and each
asserts something that could fail.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_funnel.inc';
const PROCESSES = 12;
const GAP = 0.15;
const HOLD = 1.0;

$app = lf_app();
if (!method_exists(Illuminate\Cache\Repository::class, 'funnel')) {
    rq_check(!method_exists($app['cache']->store('locks'), 'funnel'), "this Laravel's cache repository has no funnel()");
    rq_check(get_class($app['cache']->store('locks')) === Illuminate\Cache\Repository::class, "our store's repository is Laravel's own there",
        get_class($app['cache']->store('locks')));
    $name = rl_name();
    $lock = $app['cache']->store('locks')->lock($name, 10);
    rq_check($lock->get() && !$app['cache']->store('locks')->lock($name, 10)->get() && $lock->release(), "our store's locks work there");
    exit;
}
rq_check($app['cache']->store('locks') instanceof RedisLock\Bridge\Laravel\Repository, "our store's repository is ours (Laravel has funnel())");

/** Runs the 12 processes on $store; returns [the runs, the commands naming the funnel]. */
function lf_round(string $store): array
{
    $dir = rq_tmpdir() . "/$store";
    mkdir($dir);
    $name = rl_name(":$store");
    $procs = [];
    for ($i = 0; $i < PROCESSES; $i++) {
        $cmd = array_merge(lq_php_command(__DIR__ . '/laravel_funnel.inc', $store === 'redis'),
            [$store, $name, (string) $i, (string) GAP, (string) HOLD, $dir]);
        $procs[$i] = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/out", 'a'], 2 => ['file', "$dir/out", 'a']], $pipes);
    }
    $deadline = microtime(true) + 30;
    while (count(glob("$dir/ready.*")) < PROCESSES && microtime(true) < $deadline) {
        usleep(20000);
    }
    $monitor = rl_monitor();
    stream_set_blocking($monitor, false);
    file_put_contents("$dir/go.tmp", sprintf('%.6f', microtime(true) + 0.3));
    rename("$dir/go.tmp", "$dir/go");
    $commands = [];
    $buffer = '';
    $read = function () use ($monitor, $name, &$buffer, &$commands) {
        while (($chunk = fread($monitor, 65536)) !== false && $chunk !== '') {
            $buffer .= $chunk;
        }
        $lines = explode("\n", $buffer);
        $buffer = array_pop($lines);
        foreach ($lines as $line) {
            if (str_contains($line, $name) && preg_match('/^\+[0-9.]+ \[\d+ ([^\]]+)\] "([^"]*)"/', $line, $m) && $m[1] !== 'lua') {
                $commands[] = strtoupper($m[2]);
            }
        }
    };
    $deadline = microtime(true) + 40;
    while (array_filter($procs, fn ($p) => proc_get_status($p)['running']) && microtime(true) < $deadline) {
        $read();
        usleep(10000);
    }
    usleep(200000);
    $read();
    fclose($monitor);
    foreach ($procs as $proc) {
        proc_terminate($proc, 9);
        proc_close($proc);
    }
    if (is_file("$dir/out") && trim(file_get_contents("$dir/out")) !== '') {
        echo "$store: ", file_get_contents("$dir/out");
    }

    return [lf_runs($dir), $commands];
}

[$ours, $ourCommands] = lf_round('locks');
$entered = array_filter($ours, fn ($run) => isset($run['enter'], $run['leave']));
rq_check(count($entered) === PROCESSES, 'ours: all 12 ran, none timed out', $ours);
rq_check(lf_most_at_once($ours) === 3, 'ours: never more than 3 inside at once, and 3 reached', lf_most_at_once($ours));
$byArrival = array_keys($ours);
usort($byArrival, fn ($a, $b) => ($ours[$a]['arrive'] ?? INF) <=> ($ours[$b]['arrive'] ?? INF));
$byEntry = array_keys($entered);
usort($byEntry, fn ($a, $b) => $ours[$a]['enter'] <=> $ours[$b]['enter']);
rq_check($byEntry === $byArrival, 'ours: entered in the order they arrived', ['arrival' => $byArrival, 'entry' => $byEntry]);

[$theirs, $theirCommands] = lf_round('redis');
$theirEntered = count(array_filter($theirs, fn ($run) => isset($run['enter'])));
rq_check($theirEntered === PROCESSES, "Laravel's funnel on its redis store: all 12 ran", $theirs);
$oursPer = count($ourCommands) / PROCESSES;
$theirsPer = count($theirCommands) / max(1, $theirEntered);
$counts = fn (array $commands) => array_count_values($commands);
rq_check($oursPer <= 5 && $oursPer <= $theirsPer / 3, 'ours: at most 5 commands per acquisition, and at most a third of what Laravel\'s funnel sends',
    sprintf("ours %.2f per acquisition %s, theirs %.2f %s", $oursPer, json_encode($counts($ourCommands)), $theirsPer, json_encode($counts($theirCommands))));
if (getenv('LF_VERBOSE')) {
    printf("ours %.2f per acquisition %s, theirs %.2f %s\n", $oursPer, json_encode($counts($ourCommands)), $theirsPer, json_encode($counts($theirCommands)));
}
?>
--EXPECTREGEX--
(ok: this Laravel's cache repository has no funnel\(\)
ok: our store's repository is Laravel's own there
ok: our store's locks work there|ok: our store's repository is ours \(Laravel has funnel\(\)\)
ok: ours: all 12 ran, none timed out
ok: ours: never more than 3 inside at once, and 3 reached
ok: ours: entered in the order they arrived
ok: Laravel's funnel on its redis store: all 12 ran
ok: ours: at most 5 commands per acquisition, and at most a third of what Laravel's funnel sends)
