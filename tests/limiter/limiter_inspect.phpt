--TEST--
RedisRateLimiter::inspect(): null for a name without state; otherwise its policy, limit, interval, burst, tokens left and times, read-only, and the backlog of waiters' places
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
$name = rl_name();
var_dump($l->inspect($name));
$start = microtime(true);
$l->consume($name, 4, 2.0, 3, 'token_bucket', 8);
$before = lim_state($raw, lim_key($name));
$i = $l->inspect($name);
/* The times the server gives count from the consume: bounded by the time the calls took here. */
$took = microtime(true) - $start;
var_dump(array_keys($i), $i['policy'], $i['limit'], $i['interval'], $i['burst']);
echo 'tokens left 5: ', lim_yes($i['remaining'] === 5, $i), ', a token now: ', lim_yes($i['retry_after'] == 0.0, $i),
    ', full again in about 1.5 s: ', lim_yes($i['reset_after'] >= 1.5 - $took && $i['reset_after'] <= 1.5, [$i, $took]), ', nobody waits: ', lim_yes($i['backlog'] == 0.0), "\n";
echo 'read-only: ', lim_yes(lim_state($raw, lim_key($name)) === $before), "\n";

$w = rl_name();
$start = microtime(true);
$l->consume($w, 2, 1.0, 2, 'fixed_window');
$pid = l4_fork(fn () => lim_new()->wait($w, 2, 1.0, 2, 'fixed_window', null, 3) ? 0 : 1);
l4_until(fn () => ($l->inspect($w)['backlog'] ?? 0) > 0, 30);
$i = $l->inspect($w);
$took = microtime(true) - $start;
echo 'fixed window: ', $i['policy'], ' burst ', var_export($i['burst'], true), ', remaining ', $i['remaining'],
    ', a waiter\'s place about 1 s ahead: ', lim_yes($i['backlog'] >= 1.0 - $took && $i['backlog'] <= 1.0, [$i, $took]), "\n";
echo implode(',', l4_wait([$pid], l4_bound(5))), "\n";
?>
--EXPECT--
NULL
array(8) {
  [0]=>
  string(6) "policy"
  [1]=>
  string(5) "limit"
  [2]=>
  string(8) "interval"
  [3]=>
  string(5) "burst"
  [4]=>
  string(9) "remaining"
  [5]=>
  string(11) "retry_after"
  [6]=>
  string(11) "reset_after"
  [7]=>
  string(7) "backlog"
}
string(12) "token_bucket"
int(4)
float(2)
int(8)
tokens left 5: yes, a token now: yes, full again in about 1.5 s: yes, nobody waits: yes
read-only: yes
fixed window: fixed_window burst NULL, remaining 0, a waiter's place about 1 s ahead: yes
0
