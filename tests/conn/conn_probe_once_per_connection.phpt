--TEST--
Connections: the server is probed (HELLO, COMMAND INFO) once per connection, ahead of its first command, and again after a reconnect; a server without CLIENT SETINFO (Redis 7.0) fails nothing
--FILE--
<?php
require __DIR__ . '/../harness/setinfo_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$mon = $server->monitor();
$name = rl_name();
$lock = new RedisLock($server->options());
for ($i = 0; $i < 3; $i++) {
    var_dump($lock->lock($name), $lock->unlock($name));
}
$seen = rl_monitor_read($mon, probe: true);
printf("hello %d, command info %d\n", substr_count($seen, '"HELLO"'), substr_count($seen, '"COMMAND" "INFO"'));
/* The probe comes first on the connection, before the first SET. */
$hello = strpos($seen, '"HELLO"');
echo $hello !== false && $hello < strpos($seen, '"SET"') ? "probe first\n" : "probe not first\n";
/* On 7.2+ the library is named (CLIENT SETINFO ran); before, its error is ignored. */
$named = in_array('redislock ' . phpversion('redislock'), setinfo_libs($raw), true);
echo $named === (setinfo_version($raw) >= 702) ? "named where the server has it\n" : "named: " . var_export($named, true) . "\n";
foreach (array_keys(setinfo_libs($raw)) as $id) {
    $raw->call('CLIENT', 'KILL', 'ID', (string) $id);
}
try {
    $lock->isLocking($name);
} catch (RedisLockConnectionException $e) {
}
var_dump($lock->lock($name), $lock->unlock($name));
$seen = rl_monitor_read($mon, probe: true);
printf("after the reconnect: hello %d\n", substr_count($seen, '"HELLO"'));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
hello 1, command info 1
probe first
named where the server has it
bool(true)
bool(true)
after the reconnect: hello 1
