--TEST--
Laravel scheduler, withoutOverlapping() on our store with leases: a background task stays exclusive after the run that started it has exited (3 leases later), until schedule:finish releases it
--DESCRIPTION--
A background event's mutex is released by schedule:finish, a process other than
the schedule:run that took it, so our EventMutex gives it a plain lock of the
event's expiresAt, never a lease: the starting process exits at once, and a
lease would let the task overlap itself. Laravel's own ScheduleFinishCommand
releases it.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_schedule.inc';
const LEASE = 1.0;

$name = rl_name();
$started = microtime(true);
rq_check(ls_step(['bg', 'locks', LEASE, $name]) === 'started', 'a run starts the background task and exits');
usleep((int) (max(0, $started + 3 * LEASE - microtime(true)) * 1e6));
rq_check(ls_step(['bg', 'locks', LEASE, $name]) === 'skipped', 'a run 3 leases later skips it: the mutex holds');
rq_check(($out = ls_step(['finish', 'locks', LEASE, $name])) === 'finish: 0', 'schedule:finish ends', $out);
rq_check(($out = ls_step(['bg', 'locks', LEASE, $name])) === 'started', 'the next run starts it again', $out);
rq_check(($out = ls_step(['finish', 'locks', LEASE, $name])) === 'finish: 0', 'and its schedule:finish releases it', $out);
rq_check(($out = ls_step(['bg', 'locks', LEASE, $name])) === 'started', 'for the run after that', $out);
ls_step(['finish', 'locks', LEASE, $name]);
?>
--EXPECT--
ok: a run starts the background task and exits
ok: a run 3 leases later skips it: the mutex holds
ok: schedule:finish ends
ok: the next run starts it again
ok: and its schedule:finish releases it
ok: for the run after that
