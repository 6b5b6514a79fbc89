--TEST--
RedisQueue stream layout: an object's consumer leaves the group at its end when it holds nothing, so 20 short-lived workers leave no consumer behind; one that ends holding a reservation stays
--DESCRIPTION--
Every object reserves as a consumer of its own, which the server keeps in the
group. At the object's end the consumer leaves when it holds nothing (after a
plain ack, and after a deferred ack, which the end sends first); an object that
ends holding a reservation leaves its consumer, with that reservation, for the
reservation's ack or lapse (another object acks it here; that consumer stays,
holding nothing). A later object still reserves and acks. Objects still alive
at the request's end (a static property, a closure, a cycle) leave too, their
deferred ack sent first.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis;
$name = rl_name();
$stream = "{Queue:$name}:stream";
$consumers = fn() => array_map(fn($c) => [$c[1], $c[3]], $raw->call('XINFO', 'CONSUMERS', $stream, 'rl'));
$setup = rq_queue();
$setup->migrate($name);
$setup->enqueue($name, range(1, 23));
unset($setup);

for ($i = 0; $i < 20; $i++) {
    $q = rq_queue();
    $t = $q->reserve($name);
    $q->ack($name, $t['id'], $t['receipt'], $i % 2 === 1);   // every other ack deferred
    unset($q);
}
echo 'consumers after 20 workers that acked: ', count($consumers()), "\n";

$q = rq_queue();
$held = $q->reserve($name);
$mine = explode('/', $held['receipt'])[1];
unset($q);
echo 'after one that ended holding a reservation: ', json_encode($consumers() === [[$mine, 1]]), "\n";

$q = rq_queue();
var_dump($q->ack($name, $held['id'], $held['receipt']));
$t = $q->reserve($name);
var_dump($q->ack($name, $t['id'], $t['receipt']));
unset($q);
// The consumer of the object that ended holding one stays (its object is gone), holding nothing.
echo 'consumers at the end: ', json_encode($consumers() === [[$mine, 0]]), "\n";
echo json_encode(rq_queue()->size($name)), "\n";

// Objects still alive at the request's end (a static property, a closure, a cycle): theirs leave too.
$r = rl_run_php('
    final class Keep { public static $q; }
    $name = ' . var_export($name, true) . ';
    $a = new RedisQueue(rl_dsn()); $t = $a->reserve($name); $a->ack($name, $t["id"], $t["receipt"]); Keep::$q = $a;
    $b = new RedisQueue(rl_dsn()); $GLOBALS["keep"] = function () use ($b) { return $b; };
    $b->enqueue($name, "more"); $t = $b->reserve($name); $b->ack($name, $t["id"], $t["receipt"], true);
    $c = new RedisQueue(rl_dsn()); $o = new stdClass; $o->q = $c; $o->self = $o;
    $c->enqueue($name, "last"); $t = $c->reserve($name); $c->ack($name, $t["id"], $t["receipt"]);
    unset($o, $c);
    echo "reserved\n";
');
echo trim($r['stdout']), $r['stderr'] === '' ? '' : " (stderr: {$r['stderr']})", "\n";
echo 'consumers after objects alive at the request\'s end: ', json_encode($consumers() === [[$mine, 0]]), "\n";
echo json_encode(rq_queue()->size($name)), "\n";
?>
--EXPECT--
consumers after 20 workers that acked: 0
after one that ended holding a reservation: true
bool(true)
bool(true)
consumers at the end: true
{"due":1,"delayed":0,"inflight":0,"dead":0}
reserved
consumers after objects alive at the request's end: true
{"due":0,"delayed":0,"inflight":0,"dead":0}
