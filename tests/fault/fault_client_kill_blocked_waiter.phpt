--TEST--
Fault: a waiter blocked inside lock() whose connection is killed (CLIENT KILL) gets a RedisLockConnectionException at once, not a hang until its timeout; the object works again on its next call
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$holder = new RedisLock($server->options());
var_dump($holder->lock($name, 0, 60));

/* The waiter: another process, blocked in lock() with a 30 s timeout. */
$code = sprintf('$lock = new RedisLock(["host" => "127.0.0.1", "port" => %d, "read_timeout" => 10.0]);
$start = microtime(true);
try {
    $got = $lock->lock(%s, 30, 5);
    echo "returned: ", var_export($got, true), "\n";
} catch (Throwable $e) {
    echo get_class($e), "\n", $e->getMessage(), "\n";
}
printf("%%.3f\n", microtime(true) - $start);
echo var_export($lock->isLocked(%2$s), true), "\n";', $server->port, var_export($name, true));
$proc = proc_open(rl_php_command(rl_php_file($code)), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);

/* Wait until it is blocked on the server (BLPOP, flag b), then kill that connection. */
$blocked = null;
$deadline = microtime(true) + 20;
while ($blocked === null && microtime(true) < $deadline) {
    foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
        if (preg_match('/^id=(\d+) .*flags=\w*b\w* .*cmd=blpop/', $line, $m)) {
            $blocked = $m[1];
        }
    }
    usleep(20000);
}
echo $blocked !== null ? "the waiter is blocked\n" : "the waiter never blocked\n";
$killed_at = microtime(true);
var_dump($blocked !== null ? $raw->call('CLIENT', 'KILL', 'ID', $blocked) : 0);

/* Its answer comes right away; 15 s is a limit for a slow machine, far below the 30 s timeout. */
stream_set_timeout($pipes[1], 15);
$class = trim((string) fgets($pipes[1]));
$message = trim((string) fgets($pipes[1]));
$took = (float) fgets($pipes[1]);
$after = trim((string) fgets($pipes[1]));
$reported = microtime(true) - $killed_at;
proc_terminate($proc, 9);
$stderr = stream_get_contents($pipes[2]);
proc_close($proc);
echo $class, "\n";
echo str_contains($message, "127.0.0.1:{$server->port}") ? "names the server\n" : "message: $message\n";
echo $reported < 15 && $took < 25 ? "not a hang\n" : "reported $reported s after the kill, lock() took $took s\n";
echo "isLocked() after: $after\n";
echo $stderr === '' ? '' : "stderr: $stderr\n";
var_dump($holder->unlock($name));
?>
--EXPECT--
bool(true)
the waiter is blocked
int(1)
RedisLockConnectionException
names the server
not a hang
isLocked() after: true
bool(true)
