--TEST--
Lua scripts: the cleanup of lost replies sends the arguments its scripts expect, whatever the shape of the name, on one server and on the cluster
--DESCRIPTION--
A lock() and an acquire() whose replies are lost (every server stalls: DEBUG
SLEEP on one server, CLIENT PAUSE on the cluster's nodes, past the calls' read
timeout) leave what the late commands took; the objects' next calls remove it,
on names with unmatched braces, a hash tag, "{}", a NUL, CRLF, "%" and a 1 MiB
name. It runs alone: it stalls the shared servers.
--CONFLICTS--
all
--FILE--
<?php
$sc_part = 'lost';
require __DIR__ . '/script_callers.inc';
?>
--EXPECT--
single: 12 name shapes
cluster: 12 name shapes
every caller ok
