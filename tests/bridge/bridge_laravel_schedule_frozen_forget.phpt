--TEST--
Laravel scheduler, withoutOverlapping() on our store: a foreground run frozen past its lease forgets only its own mutex when it resumes, not its successor's, and a third run still skips
--DESCRIPTION--
Laravel scheduler (its own Schedule and Event::run(), each run in a process of
its own, our EventMutex and store with a lease of 1 s): run A takes the task's
mutex and is stopped (SIGSTOP) inside its 3 s task; once its lease ran out, run
B takes the mutex and runs the task (60 s). A is continued, ends its task and
removes the mutex it created (Event::run()'s removeMutex(), our forget()):
only under its own token, so B's mutex stays (a raw look finds the key held)
and run C skips the task. Without the token, A's forget() removed B's mutex
and C ran the task beside B.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../jobs/laravel_schedule.inc';
const LEASE = 1.0;

$dir = rq_tmpdir();
$name = rl_name();
$log = "$dir/runs.log";
$raw = new RawRedis();

$a = ls_foreground('locks', LEASE, $name, $log, 3);
rq_check($a !== null, 'A runs the task');
$pidA = proc_get_status($a[0])['pid'];
posix_kill($pidA, SIGSTOP);

/* B runs it once A's lease ran out (A is stopped: its watchdog renews no more). */
$b = null;
$stopped = microtime(true);
while ($b === null && microtime(true) < $stopped + 30) {
    $b = ls_foreground('locks', LEASE, $name, $log);
}
rq_check($b !== null, 'B runs the task once the stopped A lost its mutex');
$keys = $raw->call('KEYS', '*schedule-' . sha1("fg $name"));
$key = count($keys) === 1 ? $keys[0] : null;
$held = $key === null ? null : $raw->call('GET', $key);

posix_kill($pidA, SIGCONT);
$end = microtime(true) + 30;
while (proc_get_status($a[0])['running'] && microtime(true) < $end) {
    usleep(20000);
}
rq_check(!proc_get_status($a[0])['running'], 'A ends its task after it is continued');
proc_close($a[0]);

rq_check(is_string($held) && $raw->call('GET', $key) === $held, "B's mutex is still B's after A's forget()", [$keys, $held, $raw->call('GET', (string) $key)]);
$c = ls_foreground('locks', LEASE, $name, $log);
rq_check($c === null, 'C skips the task while B runs it');
foreach ([$b, $c] as $run) {
    if ($run !== null) {
        proc_terminate($run[0], 9);
        proc_close($run[0]);
    }
}
?>
--EXPECT--
ok: A runs the task
ok: B runs the task once the stopped A lost its mutex
ok: A ends its task after it is continued
ok: B's mutex is still B's after A's forget()
ok: C skips the task while B runs it
