--TEST--
RedisQueue stream layout with payloads by reference: reserve() reads payloads in its XREADGROUP script, up to 1 MiB a call (one round trip a job); larger ones follow with plain reads
--DESCRIPTION--
After migrate() the entries refer to their payloads. The read of a reserve() that
does not block is one script (stream_read): its XREADGROUP and the payloads of
what it delivered, while they fit in 1 MiB together. Counted in MONITOR, per
reserve(): three tasks of 100 bytes come with no command from the client but
the script (no HGET, no XPENDING, no XREADGROUP of its own); three of 600,000
bytes: the first in the script, the two that would pass 1 MiB with a plain HGET
each; one of 2 MiB: a plain HGET. Each payload arrives intact, and the script's
own XREADGROUP is the only read of the stream.
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, 'warm');
$q->migrate($name);
$t = $q->reserve($name, 1, 30);
$q->ack($name, $t['id'], $t['receipt']);

function round_of(RedisQueue $q, string $name, array $payloads): void
{
    foreach ($payloads as $id => $p) {
        $q->enqueue($name, $id, payload: $p);
    }
    $mon = rl_monitor();
    rq_monitor_take($mon);
    $got = $q->reserve($name, max(2, count($payloads)), 30);          // a list, even of one
    $cmds = rq_own_commands(rq_monitor_take($mon), $name);
    fclose($mon);
    $ok = count($got) === count($payloads);
    foreach ($got as $t) {
        $ok = $ok && isset($payloads[$t['id']]) && $t['payload'] === $payloads[$t['id']];
        $q->ack($name, $t['id'], $t['receipt']);
    }
    $sizes = implode(',', array_map('strlen', $payloads));
    rq_check($ok, "$sizes: every task with its payload intact", array_column($got, 'id'));
    printf("%s: hget %d, xpending %d, xreadgroup by the client %d, in a script %d\n", $sizes,
        rq_count_commands($cmds, 'hget'), rq_count_commands($cmds, 'xpending'),
        rq_count_commands($cmds, 'xreadgroup'), rq_count_commands($cmds, 'xreadgroup', 'lua'));
}

round_of($q, $name, ['s1' => str_repeat('a', 100), 's2' => str_repeat('b', 100), 's3' => str_repeat('c', 100)]);
round_of($q, $name, ['m1' => str_repeat('d', 600000), 'm2' => str_repeat('e', 600000), 'm3' => str_repeat('f', 600000)]);
round_of($q, $name, ['l1' => str_repeat('g', 2 << 20)]);
?>
--EXPECT--
ok: 100,100,100: every task with its payload intact
100,100,100: hget 0, xpending 0, xreadgroup by the client 0, in a script 1
ok: 600000,600000,600000: every task with its payload intact
600000,600000,600000: hget 2, xpending 2, xreadgroup by the client 0, in a script 1
ok: 2097152: every task with its payload intact
2097152: hget 1, xpending 1, xreadgroup by the client 0, in a script 1
