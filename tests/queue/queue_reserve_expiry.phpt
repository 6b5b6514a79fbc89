--TEST--
RedisQueue: a reservation that is not acked within its visibility (2 s) is delivered again by the next reserve() or pop(); before that it is hidden
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();

$q->enqueue($name, ['job-1', 'job-2']);
/* 2 s: the four calls below take a few ms, and far less than that on a loaded machine. */
$r = $q->reserve($name, 2, 2);
echo implode(' ', array_column($r, 'id')), "\n";
$t0 = microtime(true);
// Hidden while in flight.
var_dump($q->reserve($name), $q->pop($name), $q->top($name));
var_dump($q->size($name));
rq_check(microtime(true) - $t0 < 2, 'the checks above ran within the visibility window');

/** Calls $fn until it returns something else than false (30 s at most). */
function until_given(callable $fn): mixed
{
    $deadline = microtime(true) + 30;
    while (($got = $fn()) === false && microtime(true) < $deadline) {
        usleep(50000);
    }
    return $got;
}
// Expired: due again, to reserve() ...
$again = until_given(fn () => $q->reserve($name, 1, 2));
var_dump($again['id']);
rq_check($again['score'] > $r[0]['score'], 'it comes back with a later score (its old deadline)', [$r[0], $again]);
// ... and to pop(), which takes it for good.
var_dump($q->pop($name)['id']);
var_dump($q->size($name));

var_dump(until_given(fn () => $q->pop($name))['id']);
var_dump($q->pop($name));
var_dump($q->size($name));
?>
--EXPECT--
job-1 job-2
bool(false)
bool(false)
bool(false)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(2)
  ["dead"]=>
  int(0)
}
ok: the checks above ran within the visibility window
string(5) "job-1"
ok: it comes back with a later score (its old deadline)
string(5) "job-2"
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
string(5) "job-1"
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
