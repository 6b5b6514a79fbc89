--TEST--
RedisRateLimiter::reset(): forgets a name's state (its key is gone), so the full limit is there again; false when it had none
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
$name = rl_name();
while ($l->consume($name, 2, 60, 1, 'fixed_window')['allowed']);
var_dump($l->reset($name), $raw->call('EXISTS', lim_key($name)));
$r = $l->consume($name, 2, 60, 2, 'fixed_window');
var_dump($r['allowed'], $r['remaining']);
var_dump($l->reset($name), $l->reset($name), $l->reset(rl_name()));
?>
--EXPECT--
bool(true)
int(0)
bool(true)
int(0)
bool(true)
bool(false)
bool(false)
