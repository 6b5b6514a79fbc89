--TEST--
RedisQueue stream layout: a deferred ack outlives a call that fails while the server restarts (reserve() or any other), is resent after, and the finished task never runs again
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer(['--appendonly', 'yes', '--appendfsync', 'always']);
$name = rl_name();
$q = new RedisQueue($srv->options(['connect_timeout' => 1, 'read_timeout' => 2]));
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, ['a', 'b', 'c']);
$acked = fn(string $id) => $srv->raw()->call('HEXISTS', "{Queue:$name}:index", $id) === 0;
$down = function (callable $fn) use ($srv) {
    $srv->stop();
    try {
        $fn();
        echo "the call answered with the server down\n";
    } catch (RedisLockException $e) {
        echo get_class($e), "\n";
    }
    $srv->start();
};

// The call that fails is reserve(): the kept ack rode in its write.
$t = $q->reserve($name, 1, 1.0);
var_dump($t['id'], $q->ack($name, $t['id'], $t['receipt'], true));
$down(fn() => $q->reserve($name, 1, 1.0));
$t = $q->reserve($name, 1, 1.0);
var_dump($t['id'], $acked('a'));

// The call that fails is another: the kept ack was sent first.
var_dump($q->ack($name, $t['id'], $t['receipt'], true));
$down(fn() => $q->size($name));
var_dump($q->size($name)['inflight'], $acked('b'));

// At the object's end.
$t = $q->reserve($name, 1, 1.0);
var_dump($t['id'], $q->ack($name, $t['id'], $t['receipt'], true));
$down(fn() => $q->stats($name));
unset($q);
var_dump($acked('c'));

// None comes back after its visibility (1 s).
$q = new RedisQueue($srv->options());
var_dump($q->reserve($name, 1, 1.0, 3.0));
var_dump($srv->raw()->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
string(1) "a"
bool(true)
RedisLockConnectionException
string(1) "b"
bool(true)
bool(true)
RedisLockConnectionException
int(0)
bool(true)
string(1) "c"
bool(true)
RedisLockConnectionException
bool(true)
bool(false)
int(0)
