--TEST--
RedisQueue stream layout: a signal that ends a blocking reserve() ends its connection on the server even while a forked child holds a copy of it, so a task enqueued later in the wait reaches that call
--DESCRIPTION--
A child forked before the call (here, the producer) holds a copy of the
object's socket. A signal ends the blocking read, and the object closes its
link: it shuts the connection down, not only its own descriptor, so the server
drops that read at once instead of leaving it blocked there, where it would
take the next delivery and nobody would read it. The call goes on waiting on a
new connection and returns the task the producer enqueues later, at its first
attempt; nothing is left in flight.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$q->migrate($name);
$q->enqueue($name, 'seed');
$s = $q->reserve($name, 1, 30);
var_dump($q->ack($name, $s['id'], $s['receipt']));
$raw = new RawRedis;
$file = rl_env('REDISLOCK_TEST_TMP') . '/fd-holder-' . getmypid();
@unlink($file);

// The producer holds a copy of $q's socket; it enqueues T once the signal has come.
$producer = pcntl_fork();
if ($producer === 0) {
    $deadline = microtime(true) + 20;
    while (!file_exists($file) && microtime(true) < $deadline) {
        usleep(10000);
    }
    rq_queue()->enqueue($name, 'T');
    pcntl_exec('/bin/true');            // no destructor runs here
}
pcntl_async_signals(true);
pcntl_signal(SIGALRM, function () use ($file) { touch($file); });
pcntl_alarm(1);
$t = $q->reserve($name, 1, 30, 30);
pcntl_waitpid($producer, $status);
var_dump($t['id'] ?? $t, $t['attempts'] ?? null);
var_dump($q->ack($name, $t['id'], $t['receipt']));
echo json_encode($q->size($name)), "\n";
@unlink($file);
?>
--EXPECT--
bool(true)
string(1) "T"
int(1)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0}
