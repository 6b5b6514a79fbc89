--TEST--
RedisQueue stream layout: after migrate() a task is reserved by XREADGROUP with its payload, receipt "<entry>/<consumer>/1" and attempts 1, and acked once
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, ['a', 'b'], 10, 0, false, ['a' => 'payload-a']);
$t = $q->reserve($name);
var_dump($t['id'], $t['payload'], $t['attempts']);
rq_check((bool) preg_match('~^\d+-\d+/[0-9a-f]{32}/1$~', $t['receipt']), 'stream receipt', $t['receipt']);
var_dump($raw->call('TYPE', '{Queue:' . $name . '}:stream'));
$q->enqueue($name, 'c');
var_dump($raw->call('XLEN', '{Queue:' . $name . '}:stream'));
var_dump($q->ack($name, 'a', $t['receipt']));
var_dump($q->ack($name, 'a', $t['receipt']));
$u = $q->reserve($name, 5);
var_dump(array_column($u, 'id'));
foreach ($u as $x) { var_dump($q->ack($name, $x['id'], $x['receipt'])); }
var_dump($q->reserve($name));
var_dump($raw->call('XLEN', '{Queue:' . $name . '}:stream'), $raw->call('HLEN', '{Queue:' . $name . '}:index'));
?>
--EXPECT--
string(1) "a"
string(9) "payload-a"
int(1)
ok: stream receipt
string(6) "stream"
int(3)
bool(true)
bool(false)
array(2) {
  [0]=>
  string(1) "b"
  [1]=>
  string(1) "c"
}
bool(true)
bool(true)
bool(false)
int(0)
int(0)
