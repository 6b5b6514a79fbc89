--TEST--
RedisQueue on the stream layout: size(), top(), dequeue(), remove(), stats() and clear() see the stream's ready and in-flight entries beside the zset's tasks
--DESCRIPTION--
A queue is put on the stream layout by migrate(); one of its entries is then
delivered by a plain XREADGROUP of group rl (what a stream-layout worker's
reserve is). Ready entries count as due, the PEL as in flight; top() merges
the zset's due tasks and the ready entries by score (an entry's score is its
entry id's ms); dequeue() takes a ready entry by that score, never one in
flight; remove() takes one in flight out of the PEL; clear() deletes the
stream, its index and its settings too.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$old = rq_queue(['queue_layout' => 'zset']);          // a worker of the zset layout
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$S = "{Queue:$name}:stream";

$old->enqueue($name, ['a', 'b', 'c'], 10, 0, false, ['b' => 'B']);
$old->enqueue($name, 'later', 10, 60);
$legacy = $old->reserve($name);                       // a: a zset-layout reservation
$m = $q->migrate($name);
echo json_encode($m), "\n";
var_dump($raw->call('XLEN', $S));
// A stream-layout worker takes b.
$got = $raw->call('XREADGROUP', 'GROUP', 'rl', 'w1', 'COUNT', '1', 'STREAMS', $S, '>');
var_dump($got[0][1][0][1]);                          // [i, b, p, B]: 64 KiB or less rides in the entry
echo json_encode($q->size($name)), "\n";
$top = $q->top($name, 10);
var_dump(array_column($top, 'id'));
$c = $top[0];
$eid = $raw->call('HGET', "{Queue:$name}:index", 'c');
rq_check($c['score'] == ((int) explode('-', $eid)[0]) / 1000,
    "a ready entry's score is its entry id's ms", [$c, $eid]);
rq_check(abs($c['score'] - rq_server_time($raw)) < 5, 'that is the server time it was appended');

echo "dequeue\n";
var_dump($q->dequeue($name, 'c', $c['score'] + 0.001)); // another score
$beid = $raw->call('HGET', "{Queue:$name}:index", 'b');
var_dump($q->dequeue($name, 'b', ((int) explode('-', $beid)[0]) / 1000)); // in flight
var_dump($q->dequeue($name, 'c', $c['score']));
var_dump($raw->call('XLEN', $S), $raw->call('HEXISTS', "{Queue:$name}:index", 'c'));

echo "stats\n";
$raw->call('HSET', "{Queue:$name}:meta", 'v', '100');   // b's reservation lapses after 0.1 s
usleep(150000);
$s = $q->stats($name);
echo json_encode([$s['due'], $s['delayed'], $s['inflight'], $s['dead'], $s['overdue']]), "\n";

echo "remove\n";
var_dump($q->remove($name, 'b'));                    // in flight on the stream
var_dump($raw->call('XPENDING', $S, 'rl')[0], $raw->call('XLEN', $S));
var_dump($q->remove($name, 'b'));
echo json_encode($q->size($name)), "\n";
var_dump($old->ack($name, 'a', $legacy['receipt']));   // the zset-layout reservation ends as before

echo "clear\n";
$q->enqueue($name, 'd');                             // onto the stream
var_dump($q->clear($name));                          // d, later
// Every key gone but the settings (and the counters), which outlive clear(): v, m and b, no stream state.
var_dump(rq_state_keys($raw, $name) === ["{Queue:$name}:meta"], array_diff($raw->call('HKEYS', "{Queue:$name}:meta"), ['v', 'm', 'b']));
?>
--EXPECT--
{"moved":2,"settled":0,"zset":1,"inflight":1,"layout":"stream"}
int(2)
array(4) {
  [0]=>
  string(1) "i"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "p"
  [3]=>
  string(1) "B"
}
{"due":1,"delayed":1,"inflight":2,"dead":0}
array(1) {
  [0]=>
  string(1) "c"
}
ok: a ready entry's score is its entry id's ms
ok: that is the server time it was appended
dequeue
bool(false)
bool(false)
bool(true)
int(1)
int(0)
stats
[0,1,2,0,1]
remove
bool(true)
int(0)
int(0)
bool(false)
{"due":0,"delayed":1,"inflight":1,"dead":0}
bool(true)
clear
int(2)
bool(true)
array(0) {
}
