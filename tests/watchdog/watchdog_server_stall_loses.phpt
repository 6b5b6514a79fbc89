--TEST--
Watchdog: a server stalled past the lease lets the lock lapse, and the holder learns it lost it
--DESCRIPTION--
Watchdog: a server stalled past the lease (DEBUG SLEEP 2 on a server of the
test's own, lease 0.8 s) lets the lock lapse; the holder learns it lost it
(isLocking() false, ttl() null, unlock() false) and another client takes it at
once
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$raw = $server->raw();
$name = rl_name();
/* A lease of 0.8 s (renewals may come 0.5 s late on a loaded host) and a stall of 2 s. */
$lease = 0.8;
$lock = new RedisLock($server->options(['watchdog' => ['lease' => $lease]]));
var_dump($lock->lock($name, 0, 60));
usleep(1000000);
var_dump($lock->isLocking($name));   // renewed past its first lease

/* DEBUG SLEEP from a connection of its own, without waiting for the reply. */
$stall = stream_socket_client('tcp://127.0.0.1:' . $server->port, $errno, $errstr, 2.0);
fwrite($stall, "*3\r\n\$5\r\nDEBUG\r\n\$5\r\nSLEEP\r\n\$1\r\n2\r\n");
stream_set_timeout($stall, 10);
echo trim((string) fgets($stall)), "\n";   // +OK after the stall
/* Until the holder learns it lost the lock from the renewal queued during the
 * stall (30 s tells a holder that never learns from a loaded host). */
l4_until(fn () => !$lock->isLocking($name), 30.0);

var_dump($lock->isLocking($name), $lock->ttl($name), $lock->unlock($name));
$other = new RedisLock($server->options());
var_dump($other->lock($name), $other->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
+OK
bool(false)
NULL
bool(false)
bool(true)
bool(true)
