--TEST--
RedisQueue stream layout: a reserve() whose reply is lost throws, and the next reserve() gets the task it delivered at once, no attempt counted, leaving the task the object holds alone
--DESCRIPTION--
The server runs the read after the client gave up on it (a stall longer than
read_timeout: DEBUG SLEEP, then the command the client sent meanwhile), so the
task is delivered to the object's consumer and its reply is lost. The call
throws; the object's next reserve() of that queue puts the task back with no
attempt counted and gets it, with maxAttempts 1: it is never a dead letter
without having run. The task the object reserved before the stall, held and not
acked, is untouched: its ack is accepted. The same over two queues, where the
read goes to a reader consumer and the hand-back in the same write moves it to
the object's.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/lock4_test.inc';
$srv = new FaultServer(['--enable-debug-command', 'local']);
$raw = $srv->raw();
$name = rl_name();
$other = "$name:other";
$q = new RedisQueue($srv->options(['read_timeout' => 0.2]));
$q->migrate($name);
$q->migrate($other);
$pending = fn(string $queue) => array_map(fn($e) => [$e[1], $e[3]], $raw->call('XPENDING', "{Queue:$queue}:stream", 'rl', '-', '+', 10));

foreach ([[$name], [$other, $name]] as $round => $queues) {
    echo "-- round ", $round + 1, ": reserve() of ", count($queues), " queue(s)\n";
    $q->enqueue($name, "held$round");
    $held = $q->reserve($queues, 1, 30, 0, 1);
    var_dump($held['id']);
    $q->enqueue($name, "lost$round");
    $stall = $srv->stall(2.0);
    try {
        var_dump($q->reserve($queues, 1, 30, 0, 1));
    } catch (RedisLockException $e) {
        echo get_class($e), "\n";
    }
    rl_stall_wait($stall);
    // The server ran the read: both tasks are in flight with the object's consumer.
    $consumer = explode('/', $held['receipt'])[1];
    $p = $pending($name);
    echo 'in flight: ', count($p), ', all with the consumer of the held one: ',
        json_encode(array_unique(array_column($p, 0)) === [$consumer]), "\n";

    $t = $q->reserve($queues, 1, 30, 0, 1);
    var_dump($t['id'], $t['attempts']);
    var_dump($q->ack($name, $held['id'], $held['receipt']), $q->ack($name, $t['id'], $t['receipt']));
    echo json_encode($q->size($name)), ' ', json_encode($q->dead($name)), "\n";
}
?>
--EXPECT--
-- round 1: reserve() of 1 queue(s)
string(5) "held0"
RedisLockTimeoutException
in flight: 2, all with the consumer of the held one: true
string(5) "lost0"
int(1)
bool(true)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0} []
-- round 2: reserve() of 2 queue(s)
string(5) "held1"
RedisLockTimeoutException
in flight: 2, all with the consumer of the held one: true
string(5) "lost1"
int(1)
bool(true)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0} []
