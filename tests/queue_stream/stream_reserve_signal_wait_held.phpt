--TEST--
RedisQueue stream layout: a task that a blocking reserve() returns after a signal interrupted its wait is held: the next reserve() does not put it back, and its deferred ack is accepted
--DESCRIPTION--
A signal (pcntl_async_signals) ends the blocking read at once: what that read
delivered is lost, and goes back at the next reserve(). The call goes on
waiting, and the task it then returns (enqueued by the signal's handler) is the
caller's: the next reserve() does not hand it out again, its deferred ack runs,
and it ran once.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$other = rq_queue();
$q->migrate($name);
$q->enqueue($name, 'seed');
$s = $q->reserve($name, 1, 30);
var_dump($q->ack($name, $s['id'], $s['receipt']));

pcntl_async_signals(true);
pcntl_signal(SIGALRM, function () use ($other, $name) { $other->enqueue($name, 'T'); });
pcntl_alarm(1);
$t = $q->reserve($name, 1, 30, 10);
var_dump($t['id'], $t['attempts']);
var_dump($q->ack($name, $t['id'], $t['receipt'], true));    // deferred: sent with the next reserve()
var_dump($q->reserve($name, 1, 30, 0));
echo json_encode($other->size($name)), "\n";
?>
--EXPECT--
bool(true)
string(1) "T"
int(1)
bool(true)
bool(false)
{"due":0,"delayed":0,"inflight":0,"dead":0}
