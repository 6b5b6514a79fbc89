--TEST--
RedisQueue stream layout after migrate(): with 16 MiB payloads every script that moves a task stays under 50 ms in the server's SLOWLOG, and each task arrives intact
--DESCRIPTION--
On a server of the test's own that logs every command in SLOWLOG, two tasks of 16
MiB each go through every path that moves a task: migrate() onto the stream,
reserve(), release() with and without a delay and the promotion of the delayed
one, the settling of a lapsed reservation, dead-lettering by fail() and by
attempts used up, retryDead(), and migrate(back: true). After migrate() the
payloads go by reference: no script copies one, so every script of each path
(EVALSHA/EVAL, as the server measured it) takes under 50 ms, where a copy of 16
MiB takes hundreds; each task comes back with its payload intact (a hash of it),
and after migrate(back: true) the zset layout's formats hold (the payload in P,
no stream, no second payload hash).
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
const MIB16 = 16 << 20;
$srv = new FaultServer(['--slowlog-log-slower-than', '0', '--slowlog-max-len', '100000']);
$raw = $srv->raw();
$name = rl_name();
$K = "{Queue:$name}";
$Z = "Queue:$name";
$opts = ['read_timeout' => 60];
$q = new RedisQueue($srv->options($opts));

function body(string $id): string
{
    return str_pad("$id:", MIB16, $id);
}

/** The slowest script (EVALSHA or EVAL) the server logged since the last reset, in µs. */
function worst(RawRedis $raw): int
{
    $max = 0;
    foreach ($raw->call('SLOWLOG', 'GET', '100000') as $e) {
        $cmd = strtolower((string) ($e[3][0] ?? ''));
        if ($cmd === 'evalsha' || $cmd === 'eval') {
            $max = max($max, (int) $e[2]);
        }
    }
    return $max;
}

/** Runs $fn as one path: every script it sent must have taken under 50 ms. */
function path(RawRedis $raw, string $what, callable $fn): mixed
{
    $raw->call('SLOWLOG', 'RESET');
    $r = $fn();
    $us = worst($raw);
    rq_check($us < 50000, "$what: every script under 50 ms", sprintf('the slowest took %.1f ms', $us / 1000));
    return $r;
}

/** Reserves until every id of $want came, with a fresh object (its first reserve() runs the upkeep). */
function take(array $opts, string $name, array $want, float $visibility = 600, int $maxAttempts = 0): array
{
    global $srv;
    $w = new RedisQueue($srv->options($opts));
    $got = [];
    $deadline = microtime(true) + 60;
    while (count($got) < count($want) && microtime(true) < $deadline) {
        foreach ($w->reserve($name, 10, $visibility, 0.5, $maxAttempts ?: null) ?: [] as $t) {
            $got[$t['id']] = $t;
        }
    }
    ksort($got);
    return $got;
}

function intact(array $tasks, array $want, string $what): void
{
    $ok = array_keys($tasks) === $want;
    $seen = [];
    foreach ($tasks as $id => $t) {
        $p = $t['payload'] ?? null;
        $seen[$id] = $p === null ? null : strlen($p);
        $ok = $ok && $p !== null && sha1($p) === sha1(body((string) $id));
    }
    rq_check($ok, "$what: every task, its payload intact", $seen);
}

function entries_carry_no_payload(RawRedis $raw, string $K): bool
{
    foreach ($raw->call('XRANGE', "$K:stream", '-', '+') as $e) {
        if (in_array('p', array_filter($e[1], fn ($k) => $k % 2 === 0, ARRAY_FILTER_USE_KEY), true)) {
            return false;
        }
    }
    return true;
}

$q->enqueue($name, 'a', payload: body('a'));
$q->enqueue($name, 'b', payload: body('b'));
$m = path($raw, 'migrate()', fn () => $q->migrate($name));
rq_check($m['moved'] === 2 && $raw->call('HGET', "$K:meta", 'p') === '1', 'migrate(): both on the stream, payloads by reference', $m);
rq_check(entries_carry_no_payload($raw, $K), 'migrate(): no entry carries its payload');

$t = path($raw, 'reserve()', fn () => take($opts, $name, ['a', 'b']));
intact($t, ['a', 'b'], 'reserve()');

path($raw, 'release() without a delay', fn () => $q->release($name, 'a', 0, $t['a']['receipt']));
path($raw, 'release() with a delay', fn () => $q->release($name, 'b', 0.3, $t['b']['receipt']));
rq_check($raw->call('ZSCORE', $Z, 'b') !== null, 'release() with a delay: b waits in the zset');
$at = microtime(true) + 0.4;
while (microtime(true) < $at) {
    usleep(50000);
}
$t = path($raw, 'promotion of a due task (the upkeep)', fn () => take($opts, $name, ['a', 'b'], 0.3));
intact($t, ['a', 'b'], 'release() and promotion');

/* Both reserved for 0.3 s by a worker that never comes back. */
$deadline = microtime(true) + 30;
do {
    $v = (int) $raw->call('HGET', "$K:meta", 'v');
    $idle = array_column($raw->call('XPENDING', "$K:stream", 'rl', '-', '+', '10'), 2);
    $lapsed = count(array_filter($idle, fn ($i) => $i >= $v));
} while ($lapsed < 2 && microtime(true) < $deadline && usleep(20000) === null);
rq_check($lapsed === 2, 'lapse: both reservations lapsed', $idle);
$t = path($raw, 'settle of a lapse (the upkeep)', fn () => take($opts, $name, ['a', 'b']));
intact($t, ['a', 'b'], 'settle of a lapse');

path($raw, 'fail()', fn () => $q->fail($name, 'a', $t['a']['receipt']));
$q->release($name, 'b', 0, $t['b']['receipt']);
$t1 = take($opts + ['max_attempts' => 1], $name, ['b'], 600, 1);
path($raw, 'release() of a task with its attempts used up', fn () => $q->release($name, 'b', 0, $t1['b']['receipt']));
rq_check($q->size($name)['dead'] === 2, 'both dead', $q->size($name));

$n = path($raw, 'retryDead()', fn () => $q->retryDead($name));
rq_check($n === 2, 'retryDead(): both back', $n);
rq_check(entries_carry_no_payload($raw, $K), 'retryDead(): no entry carries its payload');
$t = take($opts, $name, ['a', 'b']);
intact($t, ['a', 'b'], 'dead letters and retryDead()');

$q->release($name, 'a', 0, $t['a']['receipt']);
$q->release($name, 'b', 0, $t['b']['receipt']);
$m = path($raw, 'migrate(back: true)', function () use ($q, $name) {
    $deadline = microtime(true) + 60;
    do {
        $m = $q->migrate($name, true);
    } while ($m['layout'] !== 'zset' && microtime(true) < $deadline);
    return $m;
});
rq_check($m['layout'] === 'zset' && $raw->call('EXISTS', "$K:stream", "$K:spare") === 0
    && $raw->call('HEXISTS', "$K:meta", 'p') === 0, 'migrate(back: true): the stream and the second payload hash are gone (the settings stay)', $m);
rq_check($raw->call('ZCARD', $Z) === 2 && $raw->call('HSTRLEN', "$K:payloads", 'a') === MIB16
    && $raw->call('HSTRLEN', "$K:payloads", 'b') === MIB16, 'migrate(back: true): the zset layout holds both, each payload in P');
$t = take($opts + ['queue_layout' => 'zset'], $name, ['a', 'b']);
intact($t, ['a', 'b'], 'migrate(back: true)');
foreach ($t as $id => $task) {
    $q->ack($name, $id, $task['receipt']);
}
rq_check($raw->call('EXISTS', "$K:payloads", "$K:spare") === 0, 'no payload left once both ended');
?>
--EXPECT--
ok: migrate(): every script under 50 ms
ok: migrate(): both on the stream, payloads by reference
ok: migrate(): no entry carries its payload
ok: reserve(): every script under 50 ms
ok: reserve(): every task, its payload intact
ok: release() without a delay: every script under 50 ms
ok: release() with a delay: every script under 50 ms
ok: release() with a delay: b waits in the zset
ok: promotion of a due task (the upkeep): every script under 50 ms
ok: release() and promotion: every task, its payload intact
ok: lapse: both reservations lapsed
ok: settle of a lapse (the upkeep): every script under 50 ms
ok: settle of a lapse: every task, its payload intact
ok: fail(): every script under 50 ms
ok: release() of a task with its attempts used up: every script under 50 ms
ok: both dead
ok: retryDead(): every script under 50 ms
ok: retryDead(): both back
ok: retryDead(): no entry carries its payload
ok: dead letters and retryDead(): every task, its payload intact
ok: migrate(back: true): every script under 50 ms
ok: migrate(back: true): the stream and the second payload hash are gone (the settings stay)
ok: migrate(back: true): the zset layout holds both, each payload in P
ok: migrate(back: true): every task, its payload intact
ok: no payload left once both ended
