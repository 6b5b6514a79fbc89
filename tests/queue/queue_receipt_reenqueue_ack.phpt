--TEST--
RedisQueue: an id enqueued again while a worker runs it goes to a second worker, waiting in reserve(), once the first acks, not before
--DESCRIPTION--
RedisQueue: an id enqueued again while a worker process runs it is handed to a
second worker blocked in reserve() right after the first acks (within 0.3 s),
not before; the first's ack with its receipt does not finish the second run
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$producer = rq_queue();
$worker2 = rq_queue();
$producer->enqueue($name, 'X');
/* Worker 1: reserves X, says so, works 0.8 s, acks with its receipt, says when it
 * sent the ack (worker 2 may be woken and look at its clock before worker 1 has
 * read the ack's reply). */
$code = 'require ' . var_export(__DIR__ . '/../harness/queue_test.inc', true) . ';'
    . '$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
    . '$t = $q->reserve(' . var_export($name, true) . ', 1, 30);'
    . 'echo json_encode($t), "\n";'
    . 'usleep(800000);'
    . '$at = microtime(true);'
    . '$ok = $q->ack(' . var_export($name, true) . ', "X", $t["receipt"]);'
    . 'echo json_encode([$ok, $at]), "\n";';
[$proc, $out] = rq_spawn_php($code);
$first = json_decode((string) rq_read_line($out, 30), true);
echo 'worker 1 reserved ', $first['id'] ?? 'nothing', "\n";
var_dump($producer->enqueue($name, 'X'));
$second = $worker2->reserve($name, 1, 30, 30);
$gotAt = microtime(true);
[$acked, $ackedAt] = json_decode((string) rq_read_line($out, 30), true) ?? [null, 0];
fclose($out);
proc_close($proc);
var_dump($acked);
echo 'worker 2 reserved ', $second['id'] ?? 'nothing', ', attempts ', $second['attempts'] ?? '-', "\n";
/* Not before the ack; woken by it, not at the end of its wait (the upper bound only catches a hang). */
rq_check($gotAt >= $ackedAt && $gotAt - $ackedAt < 15, 'worker 2 got it after worker 1\'s ack, woken by it', sprintf('%.3f s after the ack', $gotAt - $ackedAt));
var_dump($worker2->ack($name, 'X', $second['receipt']));
var_dump($worker2->reserve($name), $worker2->size($name)['inflight']);
?>
--EXPECT--
worker 1 reserved X
bool(true)
bool(true)
worker 2 reserved X, attempts 1
ok: worker 2 got it after worker 1's ack, woken by it
bool(true)
bool(false)
int(0)
