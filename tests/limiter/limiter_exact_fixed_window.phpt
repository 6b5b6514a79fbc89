--TEST--
RedisRateLimiter::consume(): 32 processes hammering one fixed window of 20 per 0.2 s for 10 windows: every window admits exactly 20, never one more
--DESCRIPTION--
Each admission's window is told by its end, on the server's clock: when the
server ran the admission's script (MONITOR's timestamp) plus reset_after.
Windows follow each other from the first hit after the last one ended, so under
a crowd each ends about where the next starts. Every full window admits exactly
the limit; the last one, cut by the end of the run, no more than it. The
server's clock makes this hold on a loaded machine, beside other tests.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$run = lim_hammer($name, 20, 0.2, 'fixed_window', 32, 2.1);
echo 'every child ended well: ', lim_yes($run['codes'] === [0], $run['codes']), "\n";
echo 'every answer paired with its script on the server: ', lim_yes($run['matched']), "\n";
$windows = lim_windows($run['admitted'], 0.0);
$counts = array_map('count', $windows);
echo 'at least 10 windows: ', lim_yes(count($windows) >= 10, $counts), "\n";
$full = array_slice($counts, 0, -1);
echo 'each full window admitted exactly 20: ', lim_yes($full && array_unique($full) === [20], $counts), "\n";
echo 'the last admitted at most 20: ', lim_yes(end($counts) <= 20, $counts), "\n";
echo 'the crowd was refused too: ', lim_yes($run['refused'] > 100, $run['refused']), "\n";
?>
--EXPECT--
every child ended well: yes
every answer paired with its script on the server: yes
at least 10 windows: yes
each full window admitted exactly 20: yes
the last admitted at most 20: yes
the crowd was refused too: yes
