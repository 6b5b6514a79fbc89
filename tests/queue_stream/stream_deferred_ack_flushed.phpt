--TEST--
RedisQueue stream layout: a deferred ack is sent before any other call, at the object's end and at the request's end, never lost
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$len = fn() => $raw->call('XLEN', "{Queue:$name}:stream");
$acked = fn(string $id) => $raw->call('HEXISTS', "{Queue:$name}:index", $id) === 0;
$q = rq_queue();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, ['a', 'b', 'c']);

$t = $q->reserve($name);
var_dump($q->ack($name, $t['id'], $t['receipt'], true));
var_dump($acked($t['id']));                         // still on the object
$q->enqueue($name, 'd');                            // another call sends it first
var_dump($acked($t['id']));

$t = $q->reserve($name);
$q->ack($name, $t['id'], $t['receipt'], true);
var_dump($acked($t['id']));
unset($q);                                          // the object's end sends it
var_dump($acked($t['id']));

// The request's end: a child that defers its ack and simply exits.
['stdout' => $out, 'stderr' => $err] = rl_run_php('$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
    . '$t = $q->reserve(' . var_export($name, true) . '); $GLOBALS["keep"] = $q;'
    . 'echo $t["id"], " ", var_export($q->ack(' . var_export($name, true) . ', $t["id"], $t["receipt"], true), true), "\n";');
echo $out, $err;
var_dump($acked(explode(' ', $out)[0]), $len());
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
c true
bool(true)
int(1)
