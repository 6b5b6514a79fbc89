--TEST--
RedisQueue payloads by reference: a payload up to 64 KiB rides in its entry (a job is one XREADGROUP); a larger one stays in its hash, read with one more round trip
--DESCRIPTION--
After migrate() a payload larger than 64 KiB stays where its producer wrote it
and its entry refers to it; a smaller one goes in the entry, so a worker's read
is the plain XREADGROUP. Counted in MONITOR, per reserve(): three tasks of 100
bytes and one of exactly 65,536 come with the XREADGROUP alone (no HGET, no
XPENDING); one of 65,537 bytes, three of 600,000 and one of 2 MiB come with an
HGET and an XPENDING each. Each payload arrives intact.
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
round_of($q, $name, ['e1' => str_repeat('h', 65536)]);
round_of($q, $name, ['e2' => str_repeat('i', 65537)]);
round_of($q, $name, ['m1' => str_repeat('d', 600000), 'm2' => str_repeat('e', 600000), 'm3' => str_repeat('f', 600000)]);
round_of($q, $name, ['l1' => str_repeat('g', 2 << 20)]);
?>
--EXPECT--
ok: 100,100,100: every task with its payload intact
100,100,100: hget 0, xpending 0, xreadgroup by the client 1, in a script 0
ok: 65536: every task with its payload intact
65536: hget 0, xpending 0, xreadgroup by the client 1, in a script 0
ok: 65537: every task with its payload intact
65537: hget 1, xpending 1, xreadgroup by the client 1, in a script 0
ok: 600000,600000,600000: every task with its payload intact
600000,600000,600000: hget 3, xpending 3, xreadgroup by the client 1, in a script 0
ok: 2097152: every task with its payload intact
2097152: hget 1, xpending 1, xreadgroup by the client 1, in a script 0
