--TEST--
RedisRateLimiter::consume() of a fixed window answers and writes what the full decision gives: a peek before each call predicts it, and a place held ahead by a waiter is kept
--DESCRIPTION--
The fixed window's script decides a plain consume before it defines the shared
decision's helpers; every other call (peek, a waiter's place) goes through the
full decision. Before each consume() a peek() of the same tokens (the full
decision, which writes nothing) tells what it must answer: allowed or not, the
tokens left, and when the window ends (to within the time between the calls).
The state on the server is "f:<limit>:<interval>:<burst>:<start>:<hits>:0:<birth>":
the start of the window's first hit (µs) and its birth (the same time, written
as 10^13 plus its remainder modulo 9 * 10^13), the hits the admitted tokens;
a refused call changes nothing. A window whose interval has passed opens at the
next hit, born then. A waiter's place in the next window (held in the state)
is not taken by a consume() that comes after it: that is refused, unless it came
so late that a later window had opened.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
$name = rl_name();
$key = lim_key($name);
$bad = [];
$start = null;
$hits = 0;
foreach ([2, 2, 2, 1, 1, 3, 1] as $step => $tokens) {
    $peek = $l->peek($name, 5, 60, $tokens, 'fixed_window');
    $before = $raw->call('GET', $key);
    $got = $l->consume($name, 5, 60, $tokens, 'fixed_window');
    $st = lim_state($raw, $key)['numbers'];
    if ($got['allowed'] !== $peek['allowed']) {
        $bad[] = "step $step: allowed differs from the peek";
    }
    if ($got['allowed']) {
        $hits += $tokens;
        $start ??= $st[3];
        if ($got['remaining'] !== $peek['remaining'] - $tokens || $got['retry_after'] != 0.0) {
            $bad[] = "step $step: admitted with {$got['remaining']} left, the peek said {$peek['remaining']}";
        }
        if ($st !== ['5', '60000000', '5', $start, (string) $hits, '0', (string) (10000000000000 + (int) $start % 90000000000000)]) {
            $bad[] = "step $step: state " . implode(':', $st);
        }
    } else {
        if ($got['remaining'] !== $peek['remaining'] || abs($got['retry_after'] - $peek['retry_after']) > 1.0
            || abs($got['reset_after'] - $peek['reset_after']) > 1.0) {
            $bad[] = "step $step: refused as " . json_encode($got) . ', the peek ' . json_encode($peek);
        }
        if ($raw->call('GET', $key) !== $before) {
            $bad[] = "step $step: a refused call wrote";
        }
    }
    if ($got['reset_after'] > 60.0 || $got['reset_after'] <= 59.0 - 5.0 || $raw->call('PTTL', $key) > 60001) {
        $bad[] = "step $step: the window ends in {$got['reset_after']} s, the key's PTTL " . $raw->call('PTTL', $key);
    }
}
echo 'a peek before each consume() predicted it, the state as decided: ', lim_yes($bad === [] && $hits === 5, $bad), "\n";

/* A window that ended: the next hit opens one, born then. */
$name = rl_name();
$key = lim_key($name);
$l->consume($name, 2, 0.2, 2, 'fixed_window');
$first = lim_state($raw, $key)['numbers'];
usleep(300000);
$peek = $l->peek($name, 2, 0.2, 1, 'fixed_window');
$got = $l->consume($name, 2, 0.2, 1, 'fixed_window');
$st = lim_state($raw, $key)['numbers'];
echo 'after the window: admitted as the peek said, 1 left: ', lim_yes($peek['allowed'] && $got['allowed'] && $got['remaining'] === 1, [$peek, $got]), "\n";
echo 'a new window, born at its first hit: ', lim_yes($st[3] > $first[3] && $st[4] === '1' && $st[5] === '0' && $st[6] === (string) (10000000000000 + (int) $st[3] % 90000000000000), [$first, $st]), "\n";

/* A place held ahead: limit 1 per 2 s; the window is used, a waiter gets the next. */
$name = rl_name();
$key = lim_key($name);
$l->consume($name, 1, 2, 1, 'fixed_window');
$opened = (int) lim_state($raw, $key)['numbers'][3];
$waited = $l->wait($name, 1, 2, 1, 'fixed_window', null, 10);
$held = lim_state($raw, $key)['numbers'];
$got = $l->consume($name, 1, 2, 1, 'fixed_window');
$now = lim_state($raw, $key)['numbers'];
$late = (int) $now[3] >= $opened + 2 * 2000000;
echo 'the waiter had its place: ', lim_yes(is_array($waited) && $waited['allowed'] === true, $waited), "\n";
echo 'a consume() after it is refused (or came after a later window opened): ', lim_yes(!$got['allowed'] || $late, [$held, $got, $now]), "\n";
?>
--EXPECT--
a peek before each consume() predicted it, the state as decided: yes
after the window: admitted as the peek said, 1 left: yes
a new window, born at its first hit: yes
the waiter had its place: yes
a consume() after it is refused (or came after a later window opened): yes
