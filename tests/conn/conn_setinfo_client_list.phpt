--TEST--
Connections: CLIENT LIST names the library (lib-name=redislock, lib-ver=the version) on 7.2+ for a lock's, a queue's and a persistent connection, again after a reconnect; before 7.2 they work unnamed
--FILE--
<?php
require __DIR__ . '/../harness/setinfo_test.inc';
/* A server of this test's own: every connection on it is this test's. */
$server = new FaultServer();
$raw = $server->raw();
/* Before 7.2 the server refuses CLIENT SETINFO, and CLIENT LIST shows no name. */
$want = setinfo_version($raw) >= 702 ? 'redislock ' . phpversion('redislock') : '';
$name = rl_name();
$lock = new RedisLock($server->options());
var_dump($lock->lock($name));
echo json_encode(array_values(setinfo_libs($raw))) === json_encode([$want]) ? "lock named\n" : json_encode(setinfo_libs($raw)) . "\n";
$queue = new RedisQueue($server->options());
$queue->enqueue($name, ['a']);
echo count(array_filter(setinfo_libs($raw), fn($l) => $l === $want)) === 2 ? "queue named\n" : json_encode(setinfo_libs($raw)) . "\n";
unset($queue);
$persistent = new RedisLock($server->options(['persistent' => true]));
var_dump($persistent->lock("$name:p"));
echo count(array_filter(setinfo_libs($raw), fn($l) => $l === $want)) === 2 ? "persistent named\n" : json_encode(setinfo_libs($raw)) . "\n";
/* Every connection killed: the next calls connect again, and name the library again. */
foreach (array_keys(setinfo_libs($raw)) as $id) {
    $raw->call('CLIENT', 'KILL', 'ID', (string) $id);
}
echo setinfo_libs($raw) === [] ? "killed\n" : "left\n";
for ($i = 0; $i < 2; $i++) {
    try {
        $lock->isLocking($name);
        $persistent->isLocking("$name:p");
    } catch (RedisLockConnectionException $e) {
        /* A drop noticed while sending; the next call reconnects. */
    }
}
$libs = setinfo_libs($raw);
echo count($libs) === 2 && count(array_filter($libs, fn($l) => $l === $want)) === 2 ? "named again\n" : json_encode($libs) . "\n";
var_dump($lock->unlock($name), $persistent->unlock("$name:p"));
?>
--EXPECT--
bool(true)
lock named
queue named
bool(true)
persistent named
killed
named again
bool(true)
bool(true)
