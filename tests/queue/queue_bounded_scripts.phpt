--TEST--
RedisQueue: on queues of 5 * 10^4 members, each script call does at most a page's work (its commands counted by MONITOR), and a count or list of n members takes n / 250 calls
--DESCRIPTION--
Every queue script works on at most 250 members per call (REDISLOCK_QUEUE_PAGE),
whatever the size of the queue or of the call's count or list; the extension pages
through larger work. The test fills a server of its own with raw pipelined ZADD and
HSET commands (no script): queue "big" with N = 5 * 10^4 due tasks, N reservations
whose deadline passed and N dead letters carrying payloads, and queue "big2" with N
dead letters; and queue "busy" whose N / 10 due tasks are all in flight too (enqueued
again while they run), which a take must skip; and queue "bigs" on the stream layout:
N entries in its stream (each in its index), all delivered, so N reservations in the
group's PEL, idle past the queue's visibility (1 ms) and owned by a worker that is
gone; then it runs every RedisQueue method that reads or changes many members (size,
stats, top, dead, pop, reserve, reserve on "busy", enqueue of N / 5 ids, retryDead of
a list and of all, purgeDead, clear) and checks what each returned.

The work of each call is counted by the server itself: MONITOR on the test's server
shows every command it runs, those a script runs ("lua") next to the EVALSHA that ran
it. A call that walked the queue would run a command or more per member, N and more:
each script call is held to 4,000 commands (a page's work: about 10 a member at most),
and a count or list of n members to at least n / 250 script calls. N is 200 pages,
enough for a walk to stand out 12 times over; a queue of 10^6 would show no more. A
call's time is not asked (a loaded host stretches it, not the work): SLOWLOG, at 2 s,
only catches a hang (one page's script runs 5-10 ms, up to 90 ms when the host holds
the CPU).
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
const N = 50000;
const PAGE = 250;
/* Commands a script call may run inside for a page of members: about 10 a member at
 * most (the most seen in one call was 2,512, a reserve() settling a page of expired
 * reservations on the zset layout and reserving a page); a walk of the queue runs N and more. */
const PER_CALL = 4000;
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
$sent += bq_fill($socket, 'ZADD', 'Queue:busy', fn ($i) => ['1', sprintf('b%07d', $i)], N / 10);
$sent += bq_fill($socket, 'ZADD', '{Queue:busy}:inflight', fn ($i) => ['1e10', sprintf('b%07d', $i)], N / 10);
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
rq_check($replies === $want && $raw->call('XLEN', $s) === N && $raw->call('XPENDING', $s, 'rl')[0] === N,
    'the server holds the stream layout\'s queue', [$replies, $want]);
$built = microtime(true) - $start;

$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '2000000');
$raw->call('CONFIG', 'SET', 'slowlog-max-len', '1000');
$raw->call('SLOWLOG', 'RESET');
$q = new RedisQueue($srv->options(['read_timeout' => 60]));

/**
 * Runs $fn (one RedisQueue method) and counts from the server what each of its script
 * calls ran inside: MONITOR shows every command the server runs, a script's as "lua",
 * each script's together, next to the EVALSHA that ran it (the test's server runs
 * nothing else). Each script call must stay within a page's work; $members, the size
 * of the count or list, needs a script call per page at least.
 *
 * @param resource $monitor
 */
function bq_step(RawRedis $raw, $monitor, string $what, callable $fn, int $members = 0): mixed
{
    global $work;
    static $n = 0;
    $result = $fn();
    $mark = 'bq-mark-' . (++$n);
    $raw->call('ECHO', $mark);
    $scripts = $run = $most = $inner = 0;
    while (($line = fgets($monitor)) !== false && !str_contains($line, $mark)) {
        if (!preg_match('/^\+[0-9.]+ \[\d+ (\S+?)\] "([^"]*)"/', $line, $m)) {
            continue;
        }
        if ($m[1] === 'lua') {
            $inner++;
            $most = max($most, ++$run);
            continue;
        }
        $run = 0;
        $scripts += in_array(strtolower($m[2]), ['evalsha', 'eval'], true);
    }
    $work[$what] = [$scripts, $inner, $most];
    rq_check($scripts >= 1 && $most <= PER_CALL, "$what: at most a page's work in each script call", [$scripts, $most]);
    if ($members > 0) {
        rq_check($scripts >= ceil($members / PAGE), "$what: a script call per page at least", [$scripts, $members]);
    }
    return $result;
}
$monitor = stream_socket_client('tcp://127.0.0.1:' . $srv->port);
stream_set_timeout($monitor, 120);
fwrite($monitor, "MONITOR\r\n");
rq_check(fgets($monitor) === "+OK\r\n", 'MONITOR on the test\'s server');
$work = [];

$size = bq_step($raw, $monitor, 'size()', fn () => $q->size('big'));
rq_check($size === ['due' => N, 'delayed' => 0, 'inflight' => N, 'dead' => N], 'size()', $size);
rq_check(bq_step($raw, $monitor, 'stats()', fn () => $q->stats('big'))['dead'] === N, 'stats()');
$top = bq_step($raw, $monitor, 'top()', fn () => $q->top('big', N / 5), N / 5);
rq_check(count($top) === N / 5 && $top[0]['id'] === 'z0000000' && $top[N / 5 - 1]['id'] === sprintf('z%07d', N / 5 - 1), 'top() of ' . N / 5);
unset($top);
$dead = bq_step($raw, $monitor, 'dead()', fn () => $q->dead('big', N / 5), N / 5);
rq_check(count($dead) === N / 5 && $dead[0]['id'] === 'd0000000' && $dead[0]['payload'] === 'p'
    && $dead[N / 5 - 1]['id'] === sprintf('d%07d', N / 5 - 1), 'dead() of ' . N / 5);
unset($dead);
$popped = bq_step($raw, $monitor, 'pop()', fn () => $q->pop('big', N / 10), N / 10);
rq_check(count($popped) === N / 10 && $popped[0]['id'] === 'z0000000', 'pop() of ' . N / 10, count($popped));
unset($popped);
$reserved = bq_step($raw, $monitor, 'reserve()', fn () => $q->reserve('big', N / 10, visibility: 600), N / 10);
rq_check(count($reserved) === N / 10 && count(array_unique(array_column($reserved, 'receipt'))) === N / 10,
    'reserve() of ' . N / 10 . ', each with a receipt of its own', count($reserved));
unset($reserved);
rq_check(bq_step($raw, $monitor, 'reserve() on "busy"', fn () => $q->reserve('busy', 100)) === [], 'reserve() hands out none of the ids in flight on "busy"');
$ids = [];
$payloads = [];
for ($i = 0; $i < N / 5; $i++) {
    $ids[] = "n$i";
    if ($i % 2 === 0) {
        $payloads["n$i"] = "payload $i";
    }
}
rq_check(bq_step($raw, $monitor, 'enqueue()', fn () => $q->enqueue('fresh', $ids, payload: $payloads), N / 5) === true && $q->size('fresh')['due'] === N / 5,
    'enqueue() of ' . N / 5 . ' ids, half with a payload');
$back = [];
foreach (bq_step($raw, $monitor, 'pop() with payloads', fn () => $q->pop('fresh', N / 5), N / 5) as $task) {
    $back[$task['id']] = $task['payload'] ?? null;
}
ksort($back);
ksort($payloads);
rq_check(count($back) === N / 5 && array_filter($back, 'is_string') === $payloads, 'their payloads come back with them');
unset($ids, $payloads, $back);
$list = [];
for ($i = N / 5; $i < N * 3 / 10; $i++) {
    $list[] = sprintf('d%07d', $i);
}
rq_check(bq_step($raw, $monitor, 'retryDead() of a list', fn () => $q->retryDead('big', $list), N / 10) === N / 10, 'retryDead() of a list of ' . N / 10);
rq_check(bq_step($raw, $monitor, 'retryDead() of all', fn () => $q->retryDead('big'), N * 9 / 10) === N * 9 / 10, 'retryDead() of all the others');
rq_check($q->size('big')['dead'] === 0, 'no dead letter is left');
rq_check(bq_step($raw, $monitor, 'purgeDead()', fn () => $q->purgeDead('big2'), N) === N, 'purgeDead() of ' . N);
$size = bq_step($raw, $monitor, 'size() on the stream layout', fn () => $q->size('bigs'));
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => N, 'dead' => 0], 'size() on the stream layout', $size);
rq_check(bq_step($raw, $monitor, 'stats() on the stream layout', fn () => $q->stats('bigs'))['inflight'] === N, 'stats() on the stream layout');
$got = bq_step($raw, $monitor, 'reserve() on the stream layout', fn () => $q->reserve('bigs', 1000, visibility: 600));
rq_check(is_array($got), 'reserve() on the stream layout settles a page of the expired reservations and raises the visibility');
$t = bq_step($raw, $monitor, 'reserve() of one on the stream layout', fn () => $q->reserve('bigs', 1, 900));
rq_check($t === false || bq_step($raw, $monitor, 'touch()', fn () => $q->touch('bigs', $t['id'], 1200, $t['receipt'])), 'touch() with a longer visibility raises it again');
rq_check(is_array(bq_step($raw, $monitor, 'pop() on the stream layout', fn () => $q->pop('bigs', 1000))), 'pop() on the stream layout');
rq_check(bq_step($raw, $monitor, 'remove()', fn () => $q->remove('bigs', sprintf('s%07d', N - 1))) === true, 'remove() of an entry in flight');
rq_check(bq_step($raw, $monitor, 'clear() on the stream layout', fn () => $q->clear('bigs')) > 0 && $raw->call('EXISTS', $s) === 0, 'clear() on the stream layout');
$size = $q->size('big');
rq_check(bq_step($raw, $monitor, 'clear()', fn () => $q->clear('big')) === array_sum($size), 'clear() answers how many tasks it held', $size);
rq_check($raw->call('EXISTS', 'Queue:big', '{Queue:big}:inflight', '{Queue:big}:payloads', '{Queue:big2}:dead') === 0,
    'the keys are gone');

$slow = [];
foreach ($raw->call('SLOWLOG', 'GET', '1000') as $entry) {
    $slow[] = sprintf('%d us: %s', $entry[2], implode(' ', array_map(fn ($a) => substr(preg_replace('/\s+/', ' ', $a), 0, 40),
        array_slice($entry[3], 0, 4))));
}
/* A hang, not a time: one page's script ran 5-10 ms and up to 90 ms when the host held the CPU. */
rq_check($slow === [], 'no command took 2 s or more', $slow);
?>
--EXPECT--
ok: the server holds the queues
ok: the server holds the stream layout's queue
ok: MONITOR on the test's server
ok: size(): at most a page's work in each script call
ok: size()
ok: stats(): at most a page's work in each script call
ok: stats()
ok: top(): at most a page's work in each script call
ok: top(): a script call per page at least
ok: top() of 10000
ok: dead(): at most a page's work in each script call
ok: dead(): a script call per page at least
ok: dead() of 10000
ok: pop(): at most a page's work in each script call
ok: pop(): a script call per page at least
ok: pop() of 5000
ok: reserve(): at most a page's work in each script call
ok: reserve(): a script call per page at least
ok: reserve() of 5000, each with a receipt of its own
ok: reserve() on "busy": at most a page's work in each script call
ok: reserve() hands out none of the ids in flight on "busy"
ok: enqueue(): at most a page's work in each script call
ok: enqueue(): a script call per page at least
ok: enqueue() of 10000 ids, half with a payload
ok: pop() with payloads: at most a page's work in each script call
ok: pop() with payloads: a script call per page at least
ok: their payloads come back with them
ok: retryDead() of a list: at most a page's work in each script call
ok: retryDead() of a list: a script call per page at least
ok: retryDead() of a list of 5000
ok: retryDead() of all: at most a page's work in each script call
ok: retryDead() of all: a script call per page at least
ok: retryDead() of all the others
ok: no dead letter is left
ok: purgeDead(): at most a page's work in each script call
ok: purgeDead(): a script call per page at least
ok: purgeDead() of 50000
ok: size() on the stream layout: at most a page's work in each script call
ok: size() on the stream layout
ok: stats() on the stream layout: at most a page's work in each script call
ok: stats() on the stream layout
ok: reserve() on the stream layout: at most a page's work in each script call
ok: reserve() on the stream layout settles a page of the expired reservations and raises the visibility
ok: reserve() of one on the stream layout: at most a page's work in each script call
ok: touch(): at most a page's work in each script call
ok: touch() with a longer visibility raises it again
ok: pop() on the stream layout: at most a page's work in each script call
ok: pop() on the stream layout
ok: remove(): at most a page's work in each script call
ok: remove() of an entry in flight
ok: clear() on the stream layout: at most a page's work in each script call
ok: clear() on the stream layout
ok: clear(): at most a page's work in each script call
ok: clear() answers how many tasks it held
ok: the keys are gone
ok: no command took 2 s or more
