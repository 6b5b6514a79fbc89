--TEST--
Laravel scheduler, withoutOverlapping() on our store: a foreground task's mutex holds while its process lives and frees when it is killed
--DESCRIPTION--
Laravel scheduler, withoutOverlapping() on our store: a foreground task's mutex
holds while its process lives (3 leases), and a process SIGKILLed in the task
lets the next run run it once the lease ran out; through Laravel's own redis store
the killed run's task stays blocked

Unchanged user code: $schedule->call(...)->name(...)->withoutOverlapping(),
run by Laravel's own Event::run() as schedule:run runs a due event, each run in
its own process. The service provider binds Laravel's EventMutex contract to
ours, which holds a foreground event's mutex under the watchdog's lease (2.5 s
here): the process running the task renews it, and it lapses within a lease of
that process's death. Laravel's CacheEventMutex on its own redis store keeps the
mutex for the event's expiresAt (24 hours by default).
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_schedule.inc';
/* 2.5 s: the running task's watchdog renews its mutex in time even when a loaded
 * machine holds its thread back for a second. */
const LEASE = 2.5;

$dir = rq_tmpdir();
$name = rl_name();
$logs = ['locks' => "$dir/ours.log", 'redis' => "$dir/theirs.log"];
$first = [];
foreach ($logs as $store => $log) {
    $first[$store] = ls_foreground($store, LEASE, $name, $log);
}
rq_check($first['locks'] !== null && $first['redis'] !== null, 'the first run of each store runs the task');

$skips = 0;
$ran = false;
$until = $first['locks'][1] + 3 * LEASE;
while (microtime(true) < $until) {
    $run = ls_foreground('locks', LEASE, $name, $logs['locks']);
    if ($run !== null) {
        $ran = true;
        proc_terminate($run[0], 9);
        proc_close($run[0]);
        break;
    }
    $skips++;
}
rq_check(!$ran && $skips >= 3, 'ours: every run while the first lives (3 leases) skips the task');

$killed = microtime(true);
foreach ($first as $run) {
    proc_terminate($run[0], 9);
    proc_close($run[0]);
}
$next = null;
/* Ours runs it once the lease ran out, Laravel's never: 20 s only catches a hang. */
while ($next === null && microtime(true) < $killed + LEASE + 20) {
    $next = ls_foreground('locks', LEASE, $name, $logs['locks']);
}
$after = $next === null ? null : $next[1] - $killed;
rq_check($after !== null && $after <= LEASE + 20, 'ours: a run after the SIGKILL runs the task once the lease ran out', $after);
if ($next !== null) {
    proc_terminate($next[0], 9);
    proc_close($next[0]);
}

$theirs = 0;
do {
    $run = ls_foreground('redis', LEASE, $name, $logs['redis']);
    if ($run !== null) {
        proc_terminate($run[0], 9);
        proc_close($run[0]);
        break;
    }
    $theirs++;
} while (microtime(true) < $killed + LEASE + 3);
rq_check($run === null && $theirs > 0, "Laravel's store: every run up to " . (LEASE + 3) . ' s after the SIGKILL skips the task');

// Both mutexes are left as the kills left them: ours lapses; Laravel's is removed here.
(new RawRedis())->call('DEL', 'framework' . DIRECTORY_SEPARATOR . 'schedule-' . sha1("fg $name"));
?>
--EXPECT--
ok: the first run of each store runs the task
ok: ours: every run while the first lives (3 leases) skips the task
ok: ours: a run after the SIGKILL runs the task once the lease ran out
ok: Laravel's store: every run up to 5.5 s after the SIGKILL skips the task
