--TEST--
RedisQueue stream layout: a reservation made by a worker of the release before the stream layout (d2e53ad) is still touched, acked and released after migrate()
--DESCRIPTION--
The release d2e53ad, built from this tree's git history, knows only the zset: its
receipts look like "<32 hex>:<k>". Once migrate() moved the queue onto the
stream, an object of this release touches, acks and releases with them, and the
released task and the one migrate() moved are reserved from the stream.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$raw = new RawRedis();
$name = rl_name();
$new = rq_queue();
$old = rl_run_old_php(rl_old_release('d2e53ad'), '
$q = new RedisQueue(rl_dsn());
$q->enqueue(' . var_export($name, true) . ', ["a", "b", "c"]);
$a = $q->reserve(' . var_export($name, true) . ');
$b = $q->reserve(' . var_export($name, true) . ');
echo json_encode([$a, $b]);
');
[$a, $b] = json_decode($old['stdout'], true) ?? [null, null];
rq_check(is_array($a) && is_array($b) && preg_match('/^[0-9a-f]{32}:\d+$/', $a['receipt'])
    && preg_match('/^[0-9a-f]{32}:\d+$/', $b['receipt']), 'the old release reserved a and b on the zset layout', $old);
echo json_encode($new->migrate($name)), "\n";
var_dump($new->touch($name, 'a', 30, $a['receipt']));
var_dump($new->ack($name, 'a', $a['receipt']));
var_dump($new->release($name, 'b', 0, $b['receipt']));
/* b was released into the sorted set, due now; a reserve() moves such tasks onto
 * the stream with its upkeep, at most a second apart, so it may come in a later
 * call than c. */
$got = [];
$deadline = microtime(true) + 30;
while (count($got) < 2 && microtime(true) < $deadline) {
    foreach ($new->reserve($name, 5, 30, 1.5) ?: [] as $t) {
        $got[] = $t;
    }
}
usort($got, fn ($x, $y) => strcmp($x['id'], $y['id']));
var_dump(array_column($got, 'id'));
foreach ($got as $t) {
    rq_check(str_contains($t['receipt'], '/'), "{$t['id']}: a stream receipt");
    var_dump($new->ack($name, $t['id'], $t['receipt']));
}
var_dump($raw->call('ZCARD', "Queue:$name"), $raw->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
ok: the old release reserved a and b on the zset layout
{"moved":1,"settled":0,"zset":0,"inflight":2,"layout":"stream"}
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(1) "b"
  [1]=>
  string(1) "c"
}
ok: b: a stream receipt
bool(true)
ok: c: a stream receipt
bool(true)
int(0)
int(0)
