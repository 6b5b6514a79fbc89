--TEST--
RedisQueue stream layout: a child forked by a signal handler during a blocking reserve() ends that call at once with nothing, and the parent's recovery never puts back a task the child holds
--DESCRIPTION--
The handler forks while the parent waits in reserve(wait: 30). The child goes on
with the call it inherited: it returns false at once, without reading as its
parent's consumer. Only then does a producer enqueue the task: the parent gets
it, its next reserve() (which puts back what the interrupted read delivered)
does not hand it out again, and its ack is accepted.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$q->migrate($name);
$q->enqueue($name, 'seed');
$s = $q->reserve($name, 1, 30);
var_dump($q->ack($name, $s['id'], $s['receipt']));
$file = rl_env('REDISLOCK_TEST_TMP') . '/signal-fork-' . getmypid();
@unlink($file);

// The producer: enqueues T once the child has returned (or after 10 s, against a hang).
$producer = pcntl_fork();
if ($producer === 0) {
    $deadline = microtime(true) + 10;
    while (!file_exists($file) && microtime(true) < $deadline) {
        usleep(10000);
    }
    rq_queue()->enqueue($name, 'T');
    pcntl_exec('/bin/true');
}

$parent = getmypid();
pcntl_async_signals(true);
pcntl_signal(SIGALRM, function () use ($parent, $file) {
    if (pcntl_fork() === 0) {
        register_shutdown_function(function () use ($file) {});
        $GLOBALS['child_file'] = $file;
    }
});
pcntl_alarm(1);
$t = $q->reserve($name, 1, 30, 30);
if (getmypid() !== $parent) {
    // The child: its result, before the task exists.
    file_put_contents($GLOBALS['child_file'] . '.tmp', json_encode($t));
    rename($GLOBALS['child_file'] . '.tmp', $GLOBALS['child_file']);
    pcntl_exec('/bin/true');
}
pcntl_waitpid($producer, $status);
while (pcntl_wait($status, WNOHANG) > 0);
echo 'the child returned: ', file_get_contents($file), "\n";
var_dump($t['id'], $t['attempts']);
var_dump($q->reserve($name, 1, 30, 0));
var_dump($q->ack($name, $t['id'], $t['receipt']));
echo json_encode($q->size($name)), "\n";
@unlink($file);
?>
--EXPECT--
bool(true)
the child returned: false
string(1) "T"
int(1)
bool(false)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0}
