--TEST--
RedisQueue::pop() of one queue runs one script per call on either layout, and a guess made stale by migrate() (either way), payloads or reservations costs one more script, never a wrong answer
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require __DIR__ . '/../harness/queue_test.inc';
/* A server of this test's own: its commandstats count this test's scripts only. */
$server = new FaultServer();
$raw = $server->raw();
$scripts = function () use ($raw): int {
    preg_match('/cmdstat_evalsha:calls=(\d+)/', $raw->call('INFO', 'commandstats'), $m);
    preg_match('/cmdstat_eval:calls=(\d+)/', $raw->call('INFO', 'commandstats'), $e);
    $raw->call('CONFIG', 'RESETSTAT');
    return (int) ($m[1] ?? 0) + (int) ($e[1] ?? 0);
};
/* The scenario runs twice, the first time on a queue of its own, unprinted, so
 * that the server has every script cached (a NOSCRIPT answer would count). */
foreach ([false, true] as $print) {
ob_start();
$w = new RedisQueue($server->options());
$admin = new RedisQueue($server->options());
$name = rl_name($print ? 'counted' : 'warm-up');
$pop = function (int $n) use ($w, $name): string {
    $got = [];
    for ($i = 0; $i < $n; $i++) {
        $t = $w->pop($name);
        $got[] = $t === false ? '-' : $t['id'] . (isset($t['payload']) ? '=' . $t['payload'] : '');
    }
    return implode(' ', $got);
};
$admin->enqueue($name, ['a1', 'a2', 'a3', 'a4']);
$w->pop($name);   // the first call of the object: the pop script
$scripts();
echo 'zset: ', $pop(3), ', scripts ', $scripts(), "\n";

// Another object moves the queue onto the stream: the first pop() finds out (the
// pop script answers "on the stream", stream_pop takes), the next ones go there.
$admin->migrate($name);
$admin->enqueue($name, ['b1', 'b2']);
$admin->enqueue($name, 'b3', 10, 0, false, 'payload of b3');
$scripts();
echo 'stream: ', $pop(1), ', scripts ', $scripts(), "\n";
echo 'stream: ', $pop(2), ', scripts ', $scripts(), "\n";
echo 'stream, empty: ', $pop(1), ', scripts ', $scripts(), "\n";

// Back to the zset layout: stream_pop answers "not on the stream", the pop script takes.
do {
    $r = $admin->migrate($name, true);
} while ($r['layout'] !== 'zset');
$admin->enqueue($name, ['c1', 'c2']);
$scripts();
echo 'zset again: ', $pop(1), ', scripts ', $scripts(), "\n";
echo 'zset again: ', $pop(1), ', scripts ', $scripts(), "\n";

// A queue with payloads (or reservations) is take's: the pop script says so once.
$admin->enqueue($name, 'd1', 10, 0, false, 'payload of d1');
$admin->enqueue($name, 'd2', 10, 0, false, 'payload of d2');
$scripts();
echo 'payloads: ', $pop(1), ', scripts ', $scripts(), "\n";
echo 'payloads: ', $pop(1), ', scripts ', $scripts(), "\n";
echo json_encode($admin->size($name)), "\n";
$out = ob_get_clean();
if ($print) {
    echo $out;
}
}
?>
--EXPECT--
zset: a2 a3 a4, scripts 3
stream: b1, scripts 2
stream: b2 b3=payload of b3, scripts 2
stream, empty: -, scripts 1
zset again: c1, scripts 2
zset again: c2, scripts 1
payloads: d1=payload of d1, scripts 2
payloads: d2=payload of d2, scripts 1
{"due":0,"delayed":0,"inflight":0,"dead":0}
