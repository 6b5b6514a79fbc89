--TEST--
RedisQueue option queue_layout: 'zset' keeps the earlier layout, 'auto' moves a queue onto a stream at its first reserve(), any other value is a ValueError
--DESCRIPTION--
'zset' keeps the layout of earlier releases (today's receipts, no stream key);
the ValueError names the option.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$old = rq_queue(['queue_layout' => 'zset']);
$old->enqueue($name, 'a');
$t = $old->reserve($name);
rq_check((bool) preg_match('/^[0-9a-f]{32}:1$/', $t['receipt']), 'a receipt of the zset layout', $t['receipt']);
var_dump($raw->call('EXISTS', "{Queue:$name}:stream"));
var_dump($old->ack($name, 'a', $t['receipt']));
$new = new RedisQueue(rl_dsn() . '?queue_layout=auto');
$new->enqueue($name, 'b');
$u = $new->reserve($name);
var_dump($u['id'], $raw->call('EXISTS', "{Queue:$name}:stream"));
try {
    rq_queue(['queue_layout' => 'list']);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
ok: a receipt of the zset layout
int(0)
bool(true)
string(1) "b"
int(1)
ValueError: %squeue_layout%s
