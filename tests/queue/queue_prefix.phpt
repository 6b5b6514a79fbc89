--TEST--
RedisQueue: the queue's sorted set is prefix + name, "Queue:" by default; the prefix option changes it and separates queues of the same name
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$default = rq_queue();
$custom = rq_queue(['prefix' => 'app1:jobs:']);
$dsn = new RedisQueue(rl_dsn() . '?prefix=' . rawurlencode('{app2}:'));

$default->enqueue($name, 'd', 10, 30);
$custom->enqueue($name, 'c', 10, 30);
$dsn->enqueue($name, 's', 10, 30);
var_dump($raw->call('ZRANGE', "Queue:$name", '0', '-1'));
var_dump($raw->call('ZRANGE', "app1:jobs:$name", '0', '-1'));
var_dump($raw->call('ZRANGE', "{app2}:$name", '0', '-1'));
var_dump($default->size($name)['delayed'], $custom->size($name)['delayed'], $dsn->size($name)['delayed']);
var_dump($default->clear($name), $custom->clear($name), $dsn->clear($name));
var_dump(rq_keys_containing($raw, $name));
?>
--EXPECT--
array(1) {
  [0]=>
  string(1) "d"
}
array(1) {
  [0]=>
  string(1) "c"
}
array(1) {
  [0]=>
  string(1) "s"
}
int(1)
int(1)
int(1)
int(1)
int(1)
int(1)
array(0) {
}
