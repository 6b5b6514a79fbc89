--TEST--
RedisQueue stream layout: ack(), release(), touch() and fail() act only with the current reservation's receipt (consumer and delivery count); a stale or foreign one gets false and changes nothing
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'j', payload: 'p');
$t = $q->reserve($name, 1, 0.3);
[$eid, $consumer, $n] = explode('/', $t['receipt']);
$forged = "$eid/" . str_repeat('0', 32) . "/$n";
$twice = "$eid/$consumer/2";
foreach (['ack', 'release', 'fail'] as $m) {
    var_dump($q->$m($name, 'j', $m === 'release' ? 0 : $forged, ...($m === 'release' ? [$forged] : [])));
}
var_dump($q->touch($name, 'j', 0.3, $twice));
var_dump($q->touch($name, 'j', 0.3, $t['receipt']));
var_dump($q->release($name, 'j', 0, $t['receipt']));
$u = $q->reserve($name, 1, 0.3);
var_dump($u['attempts'], $u['payload']);
var_dump($q->ack($name, 'j', $t['receipt']));                // stale
var_dump($q->fail($name, 'j', $u['receipt']));
var_dump($q->dead($name)[0]['payload'] ?? null, $raw->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
int(2)
string(1) "p"
bool(false)
bool(true)
string(1) "p"
int(0)
