--TEST--
RedisQueue: enqueue() of four pages sent in one write whose second page the server refuses: the other three pages still go in, and the exception says how many ids did
--DESCRIPTION--
The pages of one call are sent in one write, so a page that fails does not stop
the pages after it. A real per-page refusal: on the stream layout with payloads
by reference, a payload over 64 KiB goes into {K}:spare, which here holds a string
(WRONGTYPE); only the page whose first id carries such a payload touches it. The
pages before and after it go in, that page does not, and the exception says 750
of the 1,000 ids went in. The same with the first page refused: the three others
go in.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
foreach ([250 => 'the second page', 0 => 'the first page'] as $big => $which) {
    $name = rl_name();
    $q->enqueue($name, 'warm-up');
    $q->migrate($name);
    $q->remove($name, 'warm-up');
    $spare = '{Queue:' . $name . '}:spare';
    $raw->call('SET', $spare, 'not a hash');
    $items = [];
    foreach (range(0, 999) as $i) {
        $items["id-$i"] = $i === $big ? str_repeat('b', 70000) : "payload-$i";
    }
    try {
        $q->enqueue($name, array_keys($items), 10, 0, false, $items);
        echo "$which: no exception\n";
    } catch (RedisLockServerException $e) {
        rq_check(str_contains($e->getMessage(), 'WRONGTYPE')
            && str_contains($e->getMessage(), '1000 ids in 4 pages sent in one write: 1 of them failed, the 750 ids of the others went in'),
            "$which refused: the exception says 750 of the 1,000 ids went in", $e->getMessage());
    }
    $index = '{Queue:' . $name . '}:index';
    $in = [];
    foreach (range(0, 999) as $i) {
        $in[$i] = (int) $raw->call('HEXISTS', $index, "id-$i");
    }
    $refused = array_keys(array_filter($in, fn ($v) => $v === 0));
    rq_check($refused === range($big, $big + 249) && (int) $raw->call('XLEN', '{Queue:' . $name . '}:stream') === 750,
        "$which refused: the ids of the other three pages are on the stream, none of the refused page's", [count($refused), $refused[0] ?? null]);
    $raw->call('DEL', $spare);
    $q->clear($name);
}
?>
--EXPECT--
ok: the second page refused: the exception says 750 of the 1,000 ids went in
ok: the second page refused: the ids of the other three pages are on the stream, none of the refused page's
ok: the first page refused: the exception says 750 of the 1,000 ids went in
ok: the first page refused: the ids of the other three pages are on the stream, none of the refused page's
