--TEST--
RedisQueue stream layout: a crashed worker's 20 lapsed reservations, spread through the PEL, all come back within two upkeep rounds with 20,000 others in flight as with 20 (rounds counted)
--DESCRIPTION--
On a queue put on the stream layout, whose tasks are enqueued in chunks: C
tasks, then one more, twenty times. A live worker and a dying one reserve in turn: the live one C tasks (visibility
600 s), the dying one the next (visibility 1 s), twenty times, so the dying
worker's reservations lie one every C + 1 entries of the group's PEL. The dying
worker's object goes without an ack. Once the server shows all its reservations
idle past their visibility (XPENDING, read until it holds, with a deadline), fresh
workers call reserve() one after the other, each running the queue's upkeep
first, until the twenty tasks are back. The rounds needed must not grow with the
reservations in flight: at most two, with C = 1 (20 others in flight) as with
C = 1000 (20,000). A walk of the PEL a window of 1000 entries per upkeep needs
about one upkeep per window.
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer();
$raw = $srv->raw();

function lr_rounds(FaultServer $srv, RawRedis $raw, string $name, int $chunk): int
{
    $K = "{Queue:$name}";
    $live = new RedisQueue($srv->options(['read_timeout' => 60]));
    $dying = new RedisQueue($srv->options(['read_timeout' => 60]));
    $live->migrate($name);                     // on the stream: enqueued ids keep their order
    for ($k = 0; $k < 20; $k++) {
        $live->enqueue($name, array_map(fn ($i) => "t$k-$i", range(0, $chunk - 1)));
        $live->enqueue($name, "crash$k");
    }
    $held = 0;
    $dead = [];
    for ($k = 0; $k < 20; $k++) {
        $got = $live->reserve($name, $chunk, visibility: 600);
        $held += isset($got['id']) ? 1 : count($got);
        $t = $dying->reserve($name, 1, visibility: 1);
        $dead[] = $t['id'] ?? null;
    }
    rq_check($held === 20 * $chunk && $dead === array_map(fn ($k) => "crash$k", range(0, 19)),
        "C = $chunk: the live worker holds " . 20 * $chunk . ' reservations, the dying one 20 among them', [$held, $dead]);
    unset($dying);
    $eids = array_map(fn ($id) => $raw->call('HGET', "$K:index", $id), $dead);
    $deadline = microtime(true) + 60;
    do {
        $lapsed = true;
        foreach ($eids as $eid) {
            $pe = $raw->call('XPENDING', "$K:stream", 'rl', $eid, $eid, '1');
            $lapsed = $lapsed && $pe && $pe[0][2] >= 600000;
        }
    } while (!$lapsed && microtime(true) < $deadline && usleep(20000) === null);
    rq_check($lapsed, "C = $chunk: its reservations lapsed on the server");
    $back = [];
    for ($round = 1; $round <= 100 && count($back) < 20; $round++) {
        $w = new RedisQueue($srv->options(['read_timeout' => 60]));
        foreach ($w->reserve($name, 100, visibility: 600) as $t) {
            $back[$t['id']] = $t['attempts'];
        }
    }
    ksort($back, SORT_NATURAL);
    rq_check($back === array_fill_keys($dead, 2), "C = $chunk: every one comes back once, its attempt counted", $back);
    return $round - 1;
}

$few = lr_rounds($srv, $raw, 'few', 1);
$many = lr_rounds($srv, $raw, 'many', 1000);
rq_check($few <= 2 && $many <= 2, 'they come back within two upkeep rounds, with 20 and with 20,000 others in flight', [$few, $many]);
?>
--EXPECT--
ok: C = 1: the live worker holds 20 reservations, the dying one 20 among them
ok: C = 1: its reservations lapsed on the server
ok: C = 1: every one comes back once, its attempt counted
ok: C = 1000: the live worker holds 20000 reservations, the dying one 20 among them
ok: C = 1000: its reservations lapsed on the server
ok: C = 1000: every one comes back once, its attempt counted
ok: they come back within two upkeep rounds, with 20 and with 20,000 others in flight
