--TEST--
RedisQueue option queue_layout: 'auto' and 'zset' serve a queue on the layout it is on and never create its stream; 'zset' refuses migrate() onto the stream; any other value is a ValueError
--DESCRIPTION--
Neither layout option moves a queue: a reserve() of either on a queue no
migrate() moved takes from the zset (a receipt "<32 hex>:<k>", no stream key).
'zset' refuses migrate() onto the stream with a BadMethodCallException and allows
migrate(back: true); once the queue is on the stream, a 'zset' object reserves
from it as an 'auto' one does. The ValueError names the option.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$zset = rq_queue(['queue_layout' => 'zset']);
$auto = new RedisQueue(rl_dsn() . '?queue_layout=auto');
$zset->enqueue($name, ['a', 'b', 'c']);
foreach ([$zset, $auto] as $q) {
    $t = $q->reserve($name);
    rq_check((bool) preg_match('/^[0-9a-f]{32}:1$/', $t['receipt']), "{$t['id']}: a receipt of the zset layout", $t['receipt']);
    var_dump($raw->call('EXISTS', "{Queue:$name}:stream"));
    var_dump($q->ack($name, $t['id'], $t['receipt']));
}
try {
    $zset->migrate($name);
} catch (BadMethodCallException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($raw->call('EXISTS', "{Queue:$name}:stream"));
echo json_encode($auto->migrate($name)), "\n";
$t = $zset->reserve($name);
rq_check(str_contains($t['receipt'], '/'), "{$t['id']}: a receipt of the stream layout", $t['receipt']);
var_dump($zset->ack($name, $t['id'], $t['receipt']));
echo json_encode($zset->migrate($name, back: true)), "\n";
var_dump($raw->call('EXISTS', "{Queue:$name}:stream"));
try {
    rq_queue(['queue_layout' => 'list']);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
ok: a: a receipt of the zset layout
int(0)
bool(true)
ok: b: a receipt of the zset layout
int(0)
bool(true)
BadMethodCallException: %squeue_layout "zset"%s
int(0)
{"moved":1,"settled":0,"zset":0,"inflight":0,"layout":"stream"}
ok: c: a receipt of the stream layout
bool(true)
{"moved":0,"settled":0,"zset":0,"inflight":0,"layout":"zset"}
int(0)
ValueError: %squeue_layout%s
