--TEST--
RedisRateLimiter::wait(): on a fixed window, waiters take places in the windows ahead in the order they ask, each window admitting its limit, and a consume() does not pass them
--DESCRIPTION--
A fixed window of 2 per second, full: five waiters ask one after the other (each
once the one before has its place: the state on the server moved). The server's
state after each shows the windows ahead filling in order, two places each, from
the window's own start; each waiter returns at its window's start, not before
(on this host's clock, which is the server's), and a consume() while the places
are held is refused.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = lim_key($name);
$l = lim_new();
$l->consume($name, 2, 1.0, 2, 'fixed_window');
$state = lim_state($raw, $key);
$windowStart = (int) $state['numbers'][3];
$dir = rl_env('REDISLOCK_TEST_TMP') . '/fw-' . getmypid();
@mkdir($dir, 0700, true);
$pids = $pipes = [];
for ($i = 0; $i < 5; $i++) {
    [$parentEnd, $childEnd] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pids[] = l4_fork(function () use ($i, $name, $dir, $childEnd) {
        $l = lim_new();
        $l->peek("$name:warm", 2, 1.0, 1, 'fixed_window');
        fwrite($childEnd, 'r');
        if (fread($childEnd, 1) !== 'g') {
            return 3;
        }
        $r = $l->wait($name, 2, 1.0, 1, 'fixed_window', null, 10);
        file_put_contents("$dir/$i", json_encode([microtime(true), $r['allowed'] ?? false]));
        return 0;
    });
    fclose($childEnd);
    $pipes[] = $parentEnd;
}
foreach ($pipes as $pipe) {
    fread($pipe, 1);
}
/* Each asks once the one before has its place: [window ahead, places taken in it]. */
$aheads = [];
$value = $state['value'];
foreach ($pipes as $i => $pipe) {
    fwrite($pipe, 'g');
    l4_until(function () use ($raw, $key, &$value) {
        $now = lim_state($raw, $key);
        if ($now !== null && $now['value'] !== $value) {
            $value = $now['value'];
            return true;
        }
        return false;
    }, 30);
    $numbers = explode(':', $value);
    $aheads[] = [(int) ($numbers[6] ?? 0), (int) ($numbers[7] ?? 0), (int) $numbers[4]];
}
echo 'places in the windows ahead, two each, in the order asked: ',
    lim_yes($aheads === [[1, 1, $windowStart], [1, 2, $windowStart], [2, 1, $windowStart], [2, 2, $windowStart], [3, 1, $windowStart]], $aheads), "\n";
$passed = $l->consume($name, 2, 1.0, 1, 'fixed_window');
echo 'a consume() while waiters hold places is refused: ', lim_yes(!$passed['allowed'], $passed), "\n";
echo implode(',', array_unique(l4_wait($pids, 30))), "\n";
$bad = [];
for ($i = 0; $i < 5; $i++) {
    [$end, $ok] = json_decode(file_get_contents("$dir/$i"), true);
    unlink("$dir/$i");
    $place = ($windowStart + $aheads[$i][0] * 1000000) / 1e6;
    /* At its window's start, not before; and not a second (a window) late. */
    if (!$ok || $end < $place || $end >= $place + 1.0) {
        $bad[$i] = [$ok, round($end - $place, 3)];
    }
}
rmdir($dir);
echo 'admitted at the start of their windows, not before: ', lim_yes(!$bad, $bad), "\n";
?>
--EXPECT--
places in the windows ahead, two each, in the order asked: yes
a consume() while waiters hold places is refused: yes
0
admitted at the start of their windows, not before: yes
