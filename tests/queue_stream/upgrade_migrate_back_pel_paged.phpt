--TEST--
RedisQueue::migrate(back: true) with 200,000 reservations in flight walks the PEL a window at a time: a script per 1000 entries, each under 50 ms in SLOWLOG, and the lapsed one at its end is settled
--DESCRIPTION--
A queue on the stream layout, on a server of the test's own, with N = 200,000
entries all delivered to a worker that keeps them (visibility 600 s: none has
lapsed), but the last one, made idle past the visibility (its worker is gone).
migrate(back: true) must settle that one and leave the others in flight, without
any one script walking the whole PEL: a walk of it (XPENDING IDLE) costs the
server time in proportion to the PEL, 36 ms at 400,000 and 19 ms here in one
script. The paging is counted (at least N / 1000 script calls, from the server's
commandstats: one call walked it all) and the server's own measure of each
script is read from SLOWLOG at 50 ms, every script's bound (a window of 1000
entries takes 1-2 ms, 17 ms at worst seen on a loaded host). No clock of the
test's is asked.
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
const N = 200000;
$srv = new FaultServer();
$raw = $srv->raw();
$name = 'big';
$K = "{Queue:$name}";
/* The entries, their index, and every one delivered to a worker that never acks. */
$fill = <<<'LUA'
for i = tonumber(ARGV[1]), tonumber(ARGV[2]) do
  local id = string.format('t%07d', i)
  redis.call('hset', KEYS[2], id, redis.call('xadd', KEYS[1], '*', 'i', id))
end
return redis.call('xlen', KEYS[1])
LUA;
$raw->call('XGROUP', 'CREATE', "$K:stream", 'rl', '0', 'MKSTREAM');
for ($i = 0; $i < N; $i += 10000) {
    $raw->call('EVAL', $fill, '2', "$K:stream", "$K:index", (string) $i, (string) ($i + 9999));
    $raw->call('XREADGROUP', 'GROUP', 'rl', 'alive', 'COUNT', '10000', 'STREAMS', "$K:stream", '>');
}
$raw->call('HSET', "$K:meta", 'v', '600000', 'm', '0', 'b', '0');
/* The last reservation of the PEL: idle for an hour, its worker gone. */
$tail = $raw->call('XREVRANGE', "$K:stream", '+', '-', 'COUNT', '1')[0][0];
$raw->call('XCLAIM', "$K:stream", 'rl', 'gone', '0', $tail, 'IDLE', '3600000', 'JUSTID');
rq_check($raw->call('XPENDING', "$K:stream", 'rl')[0] === N, 'the PEL holds N reservations');

$q = new RedisQueue($srv->options(['read_timeout' => 60]));
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '50000');
$raw->call('CONFIG', 'SET', 'slowlog-max-len', '1000');
$raw->call('SLOWLOG', 'RESET');
$raw->call('CONFIG', 'RESETSTAT');
$m = $q->migrate($name, true);
echo json_encode($m), "\n";
$calls = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
rq_check($calls >= N / 1000, 'a script call per window of 1000 PEL entries at least', $calls);
$slow = [];
foreach ($raw->call('SLOWLOG', 'GET', '1000') as $e) {
    $slow[] = [$e[2], implode(' ', array_slice($e[3], 0, 2))];
}
rq_check($slow === [], 'no script ran 50 ms or more (SLOWLOG)', $slow);
rq_check($raw->call('ZSCORE', "Queue:$name", 't' . sprintf('%07d', N - 1)) !== null, 'the lapsed reservation is back in the zset');
rq_check($raw->call('XPENDING', "$K:stream", 'rl')[0] === N - 1, 'the live reservations stay in flight');
?>
--EXPECT--
ok: the PEL holds N reservations
{"moved":0,"settled":1,"zset":1,"inflight":199999,"layout":"stream"}
ok: a script call per window of 1000 PEL entries at least
ok: no script ran 50 ms or more (SLOWLOG)
ok: the lapsed reservation is back in the zset
ok: the live reservations stay in flight
