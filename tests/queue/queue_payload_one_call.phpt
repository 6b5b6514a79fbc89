--TEST--
RedisQueue: enqueue() with payloads, one id or a list of 100, is one command on the server, as reserve() with payloads is
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$raw = new RawRedis();
$q = rq_queue();
$q->enqueue($name, 'warm', payload: 'w');
$q->pop($name);
/* And the reserve() path (a script's first call on a server is an EVALSHA refused and an EVAL). */
$q->enqueue("$name-warm", 'warm', payload: 'w');
$q->reserve("$name-warm", 2);
$ids = range(1, 100);
$payloads = array_combine($ids, array_map(fn($i) => str_repeat('p', 1024), $ids));
/* MONITOR counts this test's connection only (the server is shared). */
$monitor = rl_monitor();
rq_monitor_take($monitor);
$q->enqueue($name, 'one', payload: 'x');
$q->enqueue($name, $ids, payload: $payloads);
$got = $q->reserve($name, 101);
$sent = array_column(array_filter(rq_own_commands(rq_monitor_take($monitor), $name), fn ($c) => $c['from'] === 'client'), 'cmd');
fclose($monitor);
rq_check(count(array_keys($sent, 'evalsha')) === 3 && !in_array('eval', $sent, true), 'three calls, three commands', $sent);
rq_check(count($got) === 101 && count(array_filter($got, fn($e) => isset($e['payload']))) === 101, 'every task came with its payload');
?>
--EXPECT--
ok: three calls, three commands
ok: every task came with its payload
