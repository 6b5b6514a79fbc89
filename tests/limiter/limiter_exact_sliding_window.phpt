--TEST--
RedisRateLimiter::consume(): 32 processes hammering one sliding window of 20 per 0.2 s for 10 windows: no window admits more than 20, and no admission takes the weighted count past 20
--DESCRIPTION--
Each admission's window is told by its end: when the server ran its script, on
the server's own clock (MONITOR's timestamp), plus reset_after less one
interval. An admission is allowed only when the hits of its window so far, plus
those of the window before weighted by the part of it the last interval still
covers, leave room for it. For each admission: the admissions of its window
decided before it, plus one, plus the window before weighted at that moment:
never more than 20. The server's clock makes this hold on a loaded machine,
beside other tests.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
[$limit, $interval] = [20, 0.2];
$run = lim_hammer($name, $limit, $interval, 'sliding_window', 32, 2.1);
echo 'every child ended well: ', lim_yes($run['codes'] === [0], $run['codes']), "\n";
echo 'every answer paired with its script on the server: ', lim_yes($run['matched']), "\n";
$windows = lim_windows($run['admitted'], $interval);
$counts = array_map('count', $windows);
echo 'at least 10 windows: ', lim_yes(count($windows) >= 10, $counts), "\n";
echo 'no window admitted more than 20: ', lim_yes(max($counts) <= 20, $counts), "\n";
$bad = [];
$prevEnd = null;
$prevCount = 0;
foreach ($windows as $w => $list) {
    /* Every admission bounds the window's start from above: decided + reset_after - 2
     * interval, as the server logs a script once it has run it, after it read its clock.
     * The bound closest to the start is the least; a start taken later only makes each
     * admission's elapsed part larger, and the weighted count smaller. */
    $startAt = min(array_map(fn ($x) => $x[0] + $x[2] - 2 * $interval, $list));
    $weighted = ($prevEnd !== null && abs($prevEnd - ($startAt + $interval) + $interval) < 0.02) ? $prevCount : 0;
    foreach ($list as $x) {
        $before = count(array_filter($list, fn ($y) => $y[1] < $x[0]));
        $elapsed = ($x[1] - $startAt) / $interval;
        $count = (int) floor($weighted * max(0, 1 - $elapsed) + 1e-9) + $before + 1;
        if ($count > $limit) {
            $bad[] = [$w, $count];
        }
    }
    $prevEnd = $startAt + $interval;
    $prevCount = count($list);
}
echo 'no admission took the weighted count past 20: ', lim_yes(!$bad, array_slice($bad, 0, 5)), "\n";
echo 'the crowd was refused too: ', lim_yes($run['refused'] > 100, $run['refused']), "\n";
?>
--EXPECT--
every child ended well: yes
every answer paired with its script on the server: yes
at least 10 windows: yes
no window admitted more than 20: yes
no admission took the weighted count past 20: yes
the crowd was refused too: yes
