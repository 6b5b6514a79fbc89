--TEST--
RedisQueue with watchdog: release(), fail() and the object's end stop the renewals of its reservations; a reservation left by an ended object lapses after its visibility
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$q = rq_queue(['watchdog' => true]);
$q->enqueue($name, ['a', 'b', 'c', 'd']);
$ts = $q->reserve($name, 4, visibility: 0.6);
rq_check(wd_info()['holds'] === '4', 'four reservations renewed', wd_info());
$q->release($name, 'a', 0, $ts[0]['receipt']);
$q->fail($name, 'b', $ts[1]['receipt']);
rq_check(wd_info()['holds'] === '2', 'release() and fail() stop theirs', wd_info());
unset($q, $ts);
rq_check(wd_info()['holds'] === '0', 'the end of the object stops the rest', wd_info());
$other = rq_queue();
$start = microtime(true);
$got = [];
while (count($got) < 3 && microtime(true) - $start < 3) {
    $t = $other->reserve($name, visibility: 10, wait: 1);
    if ($t) {
        $got[] = $t['id'];
    }
}
sort($got);
$took = microtime(true) - $start;
rq_check($got === ['a', 'c', 'd'] && $took <= 1.5, 'the released one at once, the others after their visibility', [$got, $took]);
?>
--EXPECT--
ok: four reservations renewed
ok: release() and fail() stop theirs
ok: the end of the object stops the rest
ok: the released one at once, the others after their visibility
