--TEST--
Fault: a server busy with a long script makes lock() throw RedisLockServerException on the -BUSY reply, naming it, without waiting for the script
--DESCRIPTION--
Fault: a server busy with a long script answers -BUSY; lock() throws
RedisLockServerException on that reply, naming it, records no orphan for the
command that never ran, and works normally once the script is killed
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
/* A busy-script threshold of 100 ms: after it, the server answers -BUSY to everyone. */
$server = new FaultServer(['--busy-reply-threshold', '100']);
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options());
var_dump($lock->lock("$name:warm"), $lock->unlock("$name:warm"));

/* A script that never ends, from a connection of its own, without waiting for it. */
$busy = stream_socket_client('tcp://127.0.0.1:' . $server->port, $errno, $errstr, 2.0);
$loop = 'while true do end';
fwrite($busy, "*3\r\n\$4\r\nEVAL\r\n\$" . strlen($loop) . "\r\n$loop\r\n\$1\r\n0\r\n");
stream_set_timeout($busy, 60);
/* Until the script has run past the threshold: PING is answered -BUSY. */
$deadline = microtime(true) + 30;
do {
    $pong = $raw->call('PING');
} while (!($pong instanceof RuntimeException && str_starts_with($pong->getMessage(), 'BUSY')) && microtime(true) < $deadline && usleep(10000) === null);
echo $pong instanceof RuntimeException ? "busy\n" : "never busy\n";

$start = microtime(true);
try {
    $lock->lock($name, 0, 30);
    echo "no exception\n";
} catch (RedisLockServerException $e) {
    echo get_class($e), ': ', str_contains($e->getMessage(), 'BUSY') ? 'names BUSY' : $e->getMessage(), ', ',
        /* The script never ends by itself: 10 s only tells waiting for it from a
         * loaded host's delay. */
        microtime(true) - $start < 10 ? 'not waiting for the script' : 'late', "\n";
}
var_dump($lock->isLocking($name));

/* End the script; the acquisition above never ran, so there is nothing to clean. */
var_dump($raw->call('SCRIPT', 'KILL'));
echo str_starts_with((string) fgets($busy), '-') ? "script killed\n" : "script answered\n";
fclose($busy);
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($raw->call('CONFIG', 'RESETSTAT'));

/* No orphan was recorded: the next lock() is the plain SET alone, no cleanup script first. */
var_dump($lock->lock($name));
$stats = $raw->call('INFO', 'commandstats');
preg_match_all('/^cmdstat_(\w+):calls=(\d+)/m', $stats, $m);
$calls = array_combine($m[1], $m[2]);
unset($calls['info'], $calls['config']);
ksort($calls);
var_dump($calls);
var_dump($lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
busy
RedisLockServerException: names BUSY, not waiting for the script
bool(false)
string(2) "OK"
script killed
int(0)
string(2) "OK"
bool(true)
array(1) {
  ["set"]=>
  string(1) "1"
}
bool(true)
bool(true)
