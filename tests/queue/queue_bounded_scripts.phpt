--TEST--
RedisQueue: on a queue of 10^6 due tasks, 10^6 reservations and 10^6 dead letters, no script runs 500 ms and at most 1 call in 200 runs 50 ms or more, with counts and lists of 10^5 and more
--DESCRIPTION--
Every queue script works on at most 250 members per call (REDISLOCK_QUEUE_PAGE),
whatever the size of the queue or of the call's count or list; the extension pages
through larger work. The test fills a server of its own with raw pipelined ZADD and
HSET commands (no script): queue "big" with 10^6 due tasks, 10^6 reservations whose
deadline passed and 10^6 dead letters carrying payloads, and queue "big2" with 10^6
dead letters; and queue "busy" whose 10^5 due tasks are all in flight too (enqueued
again while they run), which a take must skip; and queue "bigs" on the stream layout: 10^6 entries in its
stream (each in its index), all delivered, so 10^6 reservations in the group's PEL,
idle past the queue's visibility (1 ms) and owned by a worker that is gone; then it
runs every RedisQueue method that reads or changes many
members (size, stats, top, dead, pop, reserve, reserve on "busy", enqueue of 2 * 10^5 ids, retryDead
of a list and of all, purgeDead, clear), checks what each returned, and reads the
server's SLOWLOG, which logs every command of 50 ms or more, against the script
calls counted by INFO commandstats. A script that walked 10^6 members would take
seconds: none may take 500 ms. The scripts' work per call is a page per sweep.
An upkeep script doing the same 250 settles in every call took 5-10 ms in most
of some 2,000 calls (Valkey 9.1, a slow 2-core VM) and up to 90 ms now and then,
when the host held the VM's CPU (a bare nanosleep here wakes up to 6 ms late with no time on this
kernel's run queue). So the 50 ms is asked of all but 1 call in 200: a page
too big for it (every call over 50 ms) fails, a host's stall does not.
--CONFLICTS--
all
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
const N = 1000000;
$srv = new FaultServer();
$raw = $srv->raw();

/** Sends $cmd $key with 1000 (score, member) or (field, value) pairs at a time, pipelined; returns the commands sent. */
function bq_fill($socket, string $cmd, string $key, callable $pair, int $n = N): int
{
    $sent = 0;
    for ($i = 0; $i < $n; $i += 1000) {
        $out = '*2002' . "\r\n\$" . strlen($cmd) . "\r\n$cmd\r\n\$" . strlen($key) . "\r\n$key\r\n";
        for ($j = $i; $j < $i + 1000; $j++) {
            foreach ($pair($j) as $a) {
                $out .= '$' . strlen($a) . "\r\n$a\r\n";
            }
        }
        fwrite($socket, $out);
        $sent++;
    }
    return $sent;
}

$start = microtime(true);
$socket = stream_socket_client('tcp://127.0.0.1:' . $srv->port);
$sent = bq_fill($socket, 'ZADD', 'Queue:big', fn ($i) => ['1', sprintf('z%07d', $i)]);
$sent += bq_fill($socket, 'ZADD', '{Queue:big}:inflight', fn ($i) => ['2', sprintf('f%07d', $i)]);
$sent += bq_fill($socket, 'ZADD', '{Queue:big}:dead', fn ($i) => ['3', sprintf('d%07d', $i)]);
$sent += bq_fill($socket, 'HSET', '{Queue:big}:payloads', fn ($i) => [sprintf('d%07d', $i), 'p']);
$sent += bq_fill($socket, 'ZADD', '{Queue:big2}:dead', fn ($i) => ['3', sprintf('e%07d', $i)]);
$sent += bq_fill($socket, 'ZADD', 'Queue:busy', fn ($i) => ['1', sprintf('b%07d', $i)], 100000);
$sent += bq_fill($socket, 'ZADD', '{Queue:busy}:inflight', fn ($i) => ['1e10', sprintf('b%07d', $i)], 100000);
$replies = 0;
while ($replies < $sent && ($line = fgets($socket)) !== false) {
    $replies += $line === ":1000\r\n";
}
fclose($socket);
rq_check($replies === $sent, 'the server holds the queues', [$replies, $sent]);
/* The stream layout: XADD one entry a command, pipelined, then the index, then
 * every entry delivered to a consumer that never acks (10^6 in the PEL). */
$socket = stream_socket_client('tcp://127.0.0.1:' . $srv->port);
$s = '{Queue:bigs}:stream';
for ($i = 0; $i < N; $i += 1000) {
    $out = '';
    for ($j = $i; $j < $i + 1000; $j++) {
        $id = sprintf('s%07d', $j);
        $eid = ($j + 1) . '-0';
        $out .= "*7\r\n\$4\r\nXADD\r\n\$" . strlen($s) . "\r\n$s\r\n\$" . strlen($eid) . "\r\n$eid\r\n\$1\r\ni\r\n\$8\r\n$id\r\n\$1\r\np\r\n\$1\r\np\r\n";
    }
    fwrite($socket, $out);
}
$sent = bq_fill($socket, 'HSET', '{Queue:bigs}:index', fn ($i) => [sprintf('s%07d', $i), ($i + 1) . '-0']);
$replies = 0;
$want = N + $sent;
while ($replies < $want && ($line = fgets($socket)) !== false) {
    $replies += $line[0] === '$' || $line === ":1000\r\n";
    if ($line[0] === '$') {
        fgets($socket);
    }
}
fclose($socket);
$raw->call('XGROUP', 'CREATE', $s, 'rl', '0');
for ($i = 0; $i < N; $i += 10000) {
    $raw->call('XREADGROUP', 'GROUP', 'rl', 'gone', 'COUNT', '10000', 'STREAMS', $s, '>');
}
$raw->call('HSET', '{Queue:bigs}:meta', 'v', '1', 'm', '0', 'b', '0');
usleep(5000);
rq_check($replies === $want && $raw->call('XLEN', $s) === N && $raw->call('XPENDING', $s, 'rl')[0] === N,
    'the server holds the stream layout\'s queue', [$replies, $want]);
$built = microtime(true) - $start;

$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '50000');
$raw->call('CONFIG', 'SET', 'slowlog-max-len', '1000');
$raw->call('SLOWLOG', 'RESET');
$raw->call('CONFIG', 'RESETSTAT');
rl_server_priority($raw);
$q = new RedisQueue($srv->options(['read_timeout' => 30]));

rq_check($q->size('big') === ['due' => N, 'delayed' => 0, 'inflight' => N, 'dead' => N], 'size()', $q->size('big'));
rq_check($q->stats('big')['dead'] === N, 'stats()');
$top = $q->top('big', 200000);
rq_check(count($top) === 200000 && $top[0]['id'] === 'z0000000' && $top[199999]['id'] === 'z0199999', 'top() of 2 * 10^5');
unset($top);
$dead = $q->dead('big', 200000);
rq_check(count($dead) === 200000 && $dead[0]['id'] === 'd0000000' && $dead[0]['payload'] === 'p'
    && $dead[199999]['id'] === 'd0199999', 'dead() of 2 * 10^5');
unset($dead);
$popped = $q->pop('big', 100000);
rq_check(count($popped) === 100000 && $popped[0]['id'] === 'z0000000', 'pop() of 10^5', count($popped));
unset($popped);
$reserved = $q->reserve('big', 100000, visibility: 600);
rq_check(count($reserved) === 100000 && count(array_unique(array_column($reserved, 'receipt'))) === 100000,
    'reserve() of 10^5, each with a receipt of its own', count($reserved));
unset($reserved);
rq_check($q->reserve('busy', 100) === [], 'reserve() hands out none of the ids in flight on "busy"');
$ids = [];
$payloads = [];
for ($i = 0; $i < 200000; $i++) {
    $ids[] = "n$i";
    if ($i % 2 === 0) {
        $payloads["n$i"] = "payload $i";
    }
}
rq_check($q->enqueue('fresh', $ids, payload: $payloads) === true && $q->size('fresh')['due'] === 200000,
    'enqueue() of 2 * 10^5 ids, half with a payload');
$back = [];
foreach ($q->pop('fresh', 200000) as $task) {
    $back[$task['id']] = $task['payload'] ?? null;
}
ksort($back);
ksort($payloads);
rq_check(count($back) === 200000 && array_filter($back, 'is_string') === $payloads, 'their payloads come back with them');
unset($ids, $payloads, $back);
$list = [];
for ($i = 200000; $i < 300000; $i++) {
    $list[] = sprintf('d%07d', $i);
}
rq_check($q->retryDead('big', $list) === 100000, 'retryDead() of a list of 10^5');
rq_check($q->retryDead('big') === N - 100000, 'retryDead() of all the others');
rq_check($q->size('big')['dead'] === 0, 'no dead letter is left');
rq_check($q->purgeDead('big2') === N, 'purgeDead() of 10^6');
rq_check($q->size('bigs') === ['due' => 0, 'delayed' => 0, 'inflight' => N, 'dead' => 0], 'size() on the stream layout', $q->size('bigs'));
rq_check($q->stats('bigs')['inflight'] === N, 'stats() on the stream layout');
$got = $q->reserve('bigs', 1000, visibility: 600);
rq_check(is_array($got), 'reserve() on the stream layout settles a page of the expired reservations and raises the visibility');
$t = $q->reserve('bigs', 1, 900);
rq_check($t === false || $q->touch('bigs', $t['id'], 1200, $t['receipt']), 'touch() with a longer visibility raises it again');
rq_check(is_array($q->pop('bigs', 1000)), 'pop() on the stream layout');
rq_check($q->remove('bigs', 's0999999') === true, 'remove() of an entry in flight');
rq_check($q->clear('bigs') > 0 && $raw->call('EXISTS', $s) === 0, 'clear() on the stream layout');
$size = $q->size('big');
rq_check($q->clear('big') === array_sum($size), 'clear() answers how many tasks it held', $size);
rq_check($raw->call('EXISTS', 'Queue:big', '{Queue:big}:inflight', '{Queue:big}:payloads', '{Queue:big2}:dead') === 0,
    'the keys are gone');

$slow = [];
$worst = 0;
foreach ($raw->call('SLOWLOG', 'GET', '1000') as $entry) {
    $worst = max($worst, $entry[2]);
    $slow[] = sprintf('%d us: %s', $entry[2], implode(' ', array_map(fn ($a) => substr(preg_replace('/\s+/', ' ', $a), 0, 40),
        array_slice($entry[3], 0, 4))));
}
$calls = 0;
foreach (explode("\n", (string) $raw->call('INFO', 'commandstats')) as $line) {
    if (preg_match('/^cmdstat_(evalsha|eval):calls=(\d+)/', trim($line), $m)) {
        $calls += (int) $m[2];
    }
}
rq_check($calls > 1000, 'the scripts were counted', $calls);
rq_check($worst < 500000, 'no command took 500 ms or more', $slow);
rq_check(count($slow) * 200 <= $calls, 'at most 1 script call in 200 took 50 ms or more', [$calls, $slow]);
$took = microtime(true) - $start;
/* The test's own bound: 57 s on Valkey 8.1 (whose scripts cost more per call than Redis's) on an
 * idle 2-core machine; a loaded one takes longer. */
rq_check($took < 180, 'the test stays within its bound', sprintf('built in %.1f s, %.1f s in all', $built, $took));
?>
--EXPECT--
ok: the server holds the queues
ok: the server holds the stream layout's queue
ok: size()
ok: stats()
ok: top() of 2 * 10^5
ok: dead() of 2 * 10^5
ok: pop() of 10^5
ok: reserve() of 10^5, each with a receipt of its own
ok: reserve() hands out none of the ids in flight on "busy"
ok: enqueue() of 2 * 10^5 ids, half with a payload
ok: their payloads come back with them
ok: retryDead() of a list of 10^5
ok: retryDead() of all the others
ok: no dead letter is left
ok: purgeDead() of 10^6
ok: size() on the stream layout
ok: stats() on the stream layout
ok: reserve() on the stream layout settles a page of the expired reservations and raises the visibility
ok: touch() with a longer visibility raises it again
ok: pop() on the stream layout
ok: remove() of an entry in flight
ok: clear() on the stream layout
ok: clear() answers how many tasks it held
ok: the keys are gone
ok: the scripts were counted
ok: no command took 500 ms or more
ok: at most 1 script call in 200 took 50 ms or more
ok: the test stays within its bound
