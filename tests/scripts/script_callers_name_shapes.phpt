--TEST--
Lua scripts: every caller sends the arguments its script expects, whatever the shape of the name
--DESCRIPTION--
Every caller of every script sends the arguments the script expects, whatever
the name: the methods (RedisRateLimiter's among them), the watchdog's renewals (locks, shared locks, permits),
auto-release and Redlock each work on names with unmatched braces, a hash tag,
"{}", a NUL, CRLF, "%" and a 1 MiB name, on one server and on the cluster (the
cleanup of lost replies: script_callers_lost_replies.phpt)
--FILE--
<?php
$sc_part = 'calls';
require __DIR__ . '/script_callers.inc';
?>
--EXPECT--
single: 12 name shapes
cluster: 12 name shapes
redlock: 12 name shapes
every caller ok
