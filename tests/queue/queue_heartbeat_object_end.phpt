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
/* Renewals that went on would keep 'c' and 'd' from coming back at all: the bound
 * of 30 s only ends the loop. */
while (count($got) < 3 && microtime(true) - $start < 30) {
    $t = $other->reserve($name, visibility: 10, wait: 5);
    if ($t) {
        $got[] = $t['id'];
    }
}
sort($got);
$took = microtime(true) - $start;
rq_check($got === ['a', 'c', 'd'], 'the released one, and the others once their visibility ran out', [$got, $took]);
?>
--EXPECT--
ok: four reservations renewed
ok: release() and fail() stop theirs
ok: the end of the object stops the rest
ok: the released one, and the others once their visibility ran out
