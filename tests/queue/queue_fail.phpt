--TEST--
RedisQueue: fail() moves a task in flight or queued to the dead letters at once, whatever attempts it has left
--DESCRIPTION--
RedisQueue: fail() moves a task in flight (only with its current receipt) or a
queued one (without a receipt) to the dead letters at once, whatever attempts it
has left, with its payload or the one given; false otherwise
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue(['max_attempts' => 10]);
$q->enqueue($name, 'job', payload: 'body');
$t = $q->reserve($name);
var_dump($q->fail($name, 'job', 'stale-receipt'));
var_dump($q->fail($name, 'job', $t['receipt']));
var_dump($q->fail($name, 'job', $t['receipt']));
$d = $q->dead($name);
rq_check(count($d) === 1 && $d[0]['id'] === 'job' && $d[0]['attempts'] === 1 && $d[0]['payload'] === 'body', 'dead with its attempts and payload', $d);
var_dump($q->size($name));
$q->enqueue($name, 'queued', payload: 'old');
var_dump($q->fail($name, 'queued', 'some-receipt'));
var_dump($q->fail($name, 'queued', null, 'why it failed'));
$d = array_column($q->dead($name), 'payload', 'id');
var_dump($d['queued']);
var_dump($q->fail($name, 'nothing'));
try {
    $q->fail($name, 'job', '');
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
ok: dead with its attempts and payload
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(1)
}
bool(false)
bool(true)
string(13) "why it failed"
bool(false)
ValueError: RedisQueue::fail(): Argument #3 ($receipt) must not be empty (null: the current reservation)
