--TEST--
RedisQueue zset layout: a reserve() whose reply is lost throws, and the next reserve() gets the task it reserved at once, no attempt counted, leaving the task the object holds alone
--DESCRIPTION--
The zset layout (a queue migrate() never moved): the server runs the take
script after the client gave up on it (a stall longer than read_timeout: DEBUG
SLEEP, then the command the client sent meanwhile), so the task is reserved
under a receipt nobody holds and the reply is lost. The call throws; the
object's next reserve() puts the task back with no attempt counted (found by
the lost call's receipt base) and gets it, with maxAttempts 1: it is never a
dead letter without having run. The task reserved before, held and not acked,
is untouched: its ack is accepted. Over one queue, then two.
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
    // The server ran the take script: both tasks are in flight.
    echo 'in flight: ', $raw->call('ZCARD', "{Queue:$name}:inflight"), "\n";

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
in flight: 2
string(5) "lost0"
int(1)
bool(true)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0} []
-- round 2: reserve() of 2 queue(s)
string(5) "held1"
RedisLockTimeoutException
in flight: 2
string(5) "lost1"
int(1)
bool(true)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0} []
