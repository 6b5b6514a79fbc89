--TEST--
RedisLock::lock(): when the holder is killed with SIGKILL, a waiter gets the lock promptly once its lifetime ends
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$lock->isLocked($name); // connected before timing

/* Another PHP process takes the lock for 1 s, says when, and hangs until killed. */
[$proc, $out, $pid] = l4_spawn('
    $lock = new RedisLock(rl_dsn());
    $before = microtime(true);
    $ok = $lock->lock(' . var_export($name, true) . ', 0, 1);
    printf("%s %.6f\n", $ok ? "locked" : "busy", $before);
    sleep(30);
');
$line = l4_read_line($out, 5);
[$state, $child_before] = explode(' ', $line . ' 0');
var_dump($state);
/* Its lifetime ends at most 1 s after it asked for the lock. */
$expiry = (float) $child_before + 1.0;
l4_signal($pid, 'KILL');
var_dump($raw->call('EXISTS', l4_key($name)));

$monitor = rl_monitor();
var_dump($lock->lock($name, 30, 15));
$acquired = microtime(true);
var_dump($acquired - (float) $child_before >= 0.99 ? 'not before the expiry' : 'too early');
/* Woken at the expiry, not at the end of a wait round (2 s): each BLPOP the waiter
 * sent asked the server to block no longer than the hold had left (at most 1 s, and
 * the 50 ms the server's timeout is given beyond the client's), as MONITOR shows; a
 * late wake-up on a loaded machine does not change what it asked. */
$blocks = array_column(l4_blpops(rl_monitor_read($monitor), '{' . l4_key($name) . '}:'), 'timeout');
fclose($monitor);
var_dump($blocks !== [] && max($blocks) <= 1.06 ? 'blocked until the expiry' : 'blocked for ' . implode(', ', $blocks) . ' s');
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
fclose($out);
proc_close($proc);
?>
--EXPECT--
string(6) "locked"
int(1)
bool(true)
string(21) "not before the expiry"
string(24) "blocked until the expiry"
bool(true)
bool(true)
