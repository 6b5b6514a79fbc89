--TEST--
RedisQueue: with AOF (appendfsync always), a task reserved by a worker that is SIGKILLed survives a SIGKILL and restart of the server, and a later reserve() with wait delivers it again (at least once)
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--appendonly', 'yes', '--appendfsync', 'always']);
$name = rl_name();
$queue = new RedisQueue($server->options(['read_timeout' => 5.0]));
$queue->migrate($name);                        // onto the stream layout
var_dump($queue->enqueue($name, 'job-1'));

/* A worker process reserves the task for 1 s, reports it, and hangs until killed. */
$file = rl_php_file('$q = new RedisQueue(["host" => "127.0.0.1", "port" => ' . $server->port . ']);'
    . ' $t = $q->reserve(' . var_export($name, true) . ', 1, 1.0);'
    . ' echo ($t["id"] ?? "none"), "\n"; sleep(30);');
$worker = proc_open(rl_php_command($file), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
stream_set_timeout($pipes[1], 10);
echo 'worker reserved: ', trim((string) fgets($pipes[1])), "\n";
proc_terminate($worker, 9);
fclose($pipes[1]);
fclose($pipes[2]);
proc_close($worker);
var_dump($queue->size($name));

/* The server dies without a chance to save anything, and comes back from its AOF. */
$server->kill();
$server->start();
$raw = $server->raw();
/* The reservation came back from the AOF: the stream's PEL still holds it. */
var_dump(count($raw->call('XPENDING', "{Queue:$name}:stream", 'rl', '-', '+', '10')));

/* The reservation lapses and a new worker (a new connection) gets the task. */
$queue = new RedisQueue($server->options(['read_timeout' => 5.0]));
[$e, $task, $took] = fault_timed(fn () => $queue->reserve($name, 1, 30, 5));
echo $e ? get_class($e) . ': ' . $e->getMessage() : 'reserved again: ' . ($task['id'] ?? var_export($task, true)), "\n";
/* Delivered once the 1 s reservation lapsed, not at the end of the 30 s wait:
 * 20 s only tells the two apart on a loaded host. */
var_dump($took < 20);
var_dump($queue->ack($name, 'job-1'));
var_dump($queue->size($name));
?>
--EXPECT--
bool(true)
worker reserved: job-1
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
int(1)
reserved again: job-1
bool(true)
bool(true)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
