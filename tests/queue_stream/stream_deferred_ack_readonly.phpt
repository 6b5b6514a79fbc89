--TEST--
RedisQueue stream layout: a deferred ack refused with READONLY (the server made a replica) stays kept and is sent once it is a master again; a forked child never sends it
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer();
$raw = $srv->raw();
$name = rl_name();
$q = new RedisQueue($srv->options());
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, ['a', 'b', 'c']);
$acked = fn(string $id) => $raw->call('HEXISTS', "{Queue:$name}:index", $id) === 0;
$refused = function (callable $fn) use ($raw) {
    // A replica of a master that is never there: it keeps its data and refuses writes.
    $raw->call('REPLICAOF', '127.0.0.1', (string) rl_dead_port());
    try {
        $fn();
        echo "answered\n";
    } catch (RedisLockException $e) {
        echo get_class($e), ': ', str_contains($e->getMessage(), 'READONLY') ? 'READONLY' : $e->getMessage(), "\n";
    }
    $raw->call('REPLICAOF', 'NO', 'ONE');
};

// Refused in reserve()'s write.
$t = $q->reserve($name, 1, 1.0);
var_dump($t['id'], $q->ack($name, $t['id'], $t['receipt'], true));
$refused(fn() => $q->reserve($name, 1, 1.0));
var_dump($acked('a'));
$t = $q->reserve($name, 1, 1.0);
var_dump($t['id'], $acked('a'));

// Refused before another call (a read, which a replica answers).
var_dump($q->ack($name, $t['id'], $t['receipt'], true));
$refused(fn() => $q->size($name));
var_dump($acked('b'));
$q->size($name);
var_dump($acked('b'));

// A forked child sends nothing of its parent's, in reserve() or another call.
$t = $q->reserve($name, 1, 1.0);
var_dump($t['id'], $q->ack($name, $t['id'], $t['receipt'], true));
var_dump(rl_fork(1, function () use ($q, $name) {
    $q->reserve($name, 1, 1.0);
    $q->size($name);
    return 0;
}));
var_dump($acked('c'));
$q->size($name);
var_dump($acked('c'));

// None comes back after its visibility (1 s).
var_dump($q->reserve($name, 1, 1.0, 3.0));
var_dump($raw->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
string(1) "a"
bool(true)
RedisLockServerException: READONLY
bool(false)
string(1) "b"
bool(true)
bool(true)
answered
bool(false)
bool(true)
string(1) "c"
bool(true)
array(1) {
  [0]=>
  int(0)
}
bool(false)
bool(true)
bool(false)
int(0)
