--TEST--
RedisQueue stream layout: a worker waiting in reserve(wait:) or pop(wait:) goes on waiting when the stream is deleted (clear(), FLUSHALL, DEL) and gets the next task
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer();
$raw = $srv->raw();
$name = rl_name();
$opts = var_export($srv->options(), true);
$q = new RedisQueue($srv->options());
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'first');
$t = $q->reserve($name);                       // the queue is on the stream
$q->ack($name, $t['id'], $t['receipt']);
[$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . $opts . '); $n = ' . var_export($name, true) . ';'
    . 'foreach (["reserve", "reserve", "pop"] as $how) {'
    . '  try {'
    . '    $t = $how === "reserve" ? $q->reserve($n, 1, 30, 60) : $q->pop($n, 1, 10, 60);'
    . '    echo $how, " ", is_array($t) ? $t["id"] : var_export($t, true), "\n";'
    . '    if ($how === "reserve" && is_array($t)) { $q->ack($n, $t["id"], $t["receipt"]); }'
    . '  } catch (Throwable $e) { echo $how, " ", get_class($e), ": ", $e->getMessage(), "\n"; }'
    . '}');
$blocked = function () use ($raw) {
    return rq_wait_blocked($raw, 1, 30) >= 1 ? 'blocked' : 'not blocked';
};
$deleteThenEnqueue = function (callable $delete, string $id) use ($q, $name, $out, $blocked, $raw) {
    echo $blocked(), "\n";
    $delete();
    echo $blocked(), "\n";                     // waiting again, not thrown out
    $q->enqueue($name, $id);
    echo rq_read_line($out, 30), "\n";
};
$deleteThenEnqueue(fn() => var_dump($q->clear($name)), 'a');
$deleteThenEnqueue(fn() => $raw->call('FLUSHALL'), 'b');
$deleteThenEnqueue(fn() => $raw->call('DEL', "{Queue:$name}:stream"), 'c');
rq_kill($proc, $out);
?>
--EXPECT--
blocked
int(0)
blocked
reserve a
blocked
blocked
reserve b
blocked
blocked
pop c
