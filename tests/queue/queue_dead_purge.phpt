--TEST--
RedisQueue: purgeDead() drops every dead letter and its attempts record and returns how many; queued and in-flight tasks stay; on a queue without dead letters it returns 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
foreach (['zset', 'auto'] as $layout) {
    echo "$layout\n";
    $name = rl_name();
    $q = rq_queue(['max_attempts' => 1, 'queue_layout' => $layout]);
    if ($layout === 'auto') {
        $q->migrate($name);                         // onto the stream layout
    }
    var_dump($q->purgeDead($name));
    $q->enqueue($name, ['x1', 'x2', 'x3']);
    foreach ($q->reserve($name, 3) as $t) {
        $q->release($name, $t['id']);
    }
    $q->enqueue($name, ['queued', 'held']);
    $held = $q->reserve($name, 1, 30);
    var_dump($q->size($name));
    var_dump($q->purgeDead($name));
    var_dump($q->dead($name), $raw->call('EXISTS', "{Queue:$name}:dead"));
    /* The records left: the zset layout keeps the in-flight task's; the stream layout
     * keeps it in the stream's PEL (none in the receipts hash). */
    var_dump(array_keys(rq_records($raw, $name)), rq_where($raw, $name, $held['id']));
    var_dump($q->size($name));
    var_dump($q->purgeDead($name));
    var_dump($q->retryDead($name), $q->remove($name, 'x1'));
}
?>
--EXPECT--
zset
int(0)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(3)
}
int(3)
array(0) {
}
int(0)
array(1) {
  [0]=>
  string(4) "held"
}
array(1) {
  [0]=>
  string(8) "inflight"
}
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
int(0)
int(0)
bool(false)
auto
int(0)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(3)
}
int(3)
array(0) {
}
int(0)
array(0) {
}
array(1) {
  [0]=>
  string(8) "inflight"
}
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
int(0)
int(0)
bool(false)
