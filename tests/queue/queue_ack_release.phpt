--TEST--
RedisQueue: ack() finishes an in-flight task for good; release() puts it back, after its delay; both return false for an id that is not in flight
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();

echo "ack\n";
$q->enqueue($name, 'a');
var_dump($q->reserve($name, 1, 0.2)['id']);
var_dump($q->ack($name, 'a'));
var_dump($q->ack($name, 'a'));
usleep(300000); // past the visibility: an acked task never comes back
var_dump($q->reserve($name), $q->pop($name), $q->size($name));

echo "not in flight\n";
var_dump($q->ack($name, 'never-seen'));
var_dump($q->release($name, 'never-seen'));
$q->enqueue($name, 'queued');
var_dump($q->ack($name, 'queued'));     // queued, not reserved
var_dump($q->release($name, 'queued'));
var_dump($q->top($name)['id']);
$q->pop($name);
$q->enqueue($name, 'popped');
$q->pop($name);
var_dump($q->ack($name, 'popped'));     // pop() does not put anything in flight
var_dump($q->size($name));

echo "release\n";
$q->enqueue($name, 7);
var_dump($q->reserve($name)['id']);
var_dump($q->release($name, 7));        // an int id
var_dump($q->release($name, 7));        // no longer in flight
var_dump($q->size($name));
var_dump($q->reserve($name)['id']);

echo "release with a delay of 0.3 s\n";
$t0 = rq_server_time($raw);
var_dump($q->release($name, '7', 0.3));
$t1 = rq_server_time($raw);
$score = (float) $raw->call('ZSCORE', 'Queue:' . $name, '7');
/* Between the server's clock before and after the call: exact however slow the
 * call was (valgrind). */
rq_check($score >= $t0 + 0.3 && $score <= $t1 + 0.3, 'due 0.3 s after the release (server time)', [$t0, $score, $t1]);
var_dump($q->size($name));
var_dump($q->reserve($name), $q->pop($name));
usleep(350000);
var_dump($q->pop($name)['id']);
var_dump($q->ack($name, '7'));
var_dump($q->size($name));
?>
--EXPECT--
ack
string(1) "a"
bool(true)
bool(false)
bool(false)
bool(false)
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
not in flight
bool(false)
bool(false)
bool(false)
bool(false)
string(6) "queued"
bool(false)
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
release
string(1) "7"
bool(true)
bool(false)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
string(1) "7"
release with a delay of 0.3 s
bool(true)
ok: due 0.3 s after the release (server time)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
bool(false)
bool(false)
string(1) "7"
bool(false)
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
