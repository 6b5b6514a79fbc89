--TEST--
RedisLock/RedisQueue: a connection killed by the server between two calls (CLIENT KILL) is replaced transparently: the next call reconnects and succeeds without an exception
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
/* Connections are listed and killed on a server of this test's own: on a shared
 * one, other tests' new connections would be killed too. */
$server = new FaultServer();
$raw = $server->raw();
$my_id = $raw->call('CLIENT', 'ID');
$name = rl_name();

/* Kills every connection opened since $before, except the raw client's own. */
function kill_new_connections(RawRedis $raw, int $my_id, array $before): int
{
    $killed = 0;
    foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
        preg_match('/^id=(\d+)/', $line, $m);
        if (!isset($before[$m[1]]) && (int) $m[1] !== $my_id) {
            $killed += $raw->call('CLIENT', 'KILL', 'ID', $m[1]);
        }
    }
    usleep(50000);
    return $killed;
}
$before = [];
foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
    preg_match('/^id=(\d+)/', $line, $m);
    $before[$m[1]] = true;
}

$lock = new RedisLock($server->options(['read_timeout' => 2.0]));
$queue = new RedisQueue($server->options(['read_timeout' => 2.0]));
var_dump($lock->lock($name));
var_dump($queue->enqueue($name, 'task'));
var_dump(kill_new_connections($raw, $my_id, $before));

foreach (['isLocking' => fn () => $lock->isLocking($name),
          'unlock' => fn () => $lock->unlock($name),
          'pop' => fn () => $queue->pop($name)['id'] ?? false] as $what => $call) {
    [$e, $result] = fault_timed($call);
    echo "$what: ", $e ? get_class($e) . ': ' . $e->getMessage() : var_export($result, true), "\n";
}
var_dump($raw->call('EXISTS', "Lock:$name", "Queue:$name"));
?>
--EXPECT--
bool(true)
bool(true)
int(2)
isLocking: true
unlock: true
pop: 'task'
int(0)
