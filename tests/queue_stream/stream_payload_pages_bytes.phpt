--TEST--
RedisQueue stream layout with payloads by reference off: the scripts that copy payloads end a page at 1 MiB (migrate back, retryDead, promotion, settling), one task at least; every task arrives intact
--DESCRIPTION--
Six tasks of 1 MiB each, on a server of the test's own (its commandstats count
only this test's calls). migrate() moves all six in one script: it turns payloads
by reference on, and no entry carries its payload. The test then turns them off
again, as on a queue that a release before this one moved onto the stream: a
script that moves tasks then copies their payloads inside the server, so a page
of them is bounded in bytes as well as in members: each script stops once it has
moved 1 MiB, after one task at least, and the caller goes on with the next page.
retryDead() puts one on the stream and leaves the others due in the zset, where
the next upkeep takes them a page at a time; migrate(back: true) takes a script
per task here; every task comes out with its payload.
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
$srv = new FaultServer();
$raw = $srv->raw();
$name = 'bytes';
$K = "{Queue:$name}";
$Z = "Queue:$name";
$q = new RedisQueue($srv->options(['read_timeout' => 60]));
$z = new RedisQueue($srv->options(['read_timeout' => 60, 'queue_layout' => 'zset']));

function body(string $id): string
{
    return $id . ':' . str_repeat($id, (1 << 20) - 2);
}

function scripts(RawRedis $raw): int
{
    return rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
}

function take(RedisQueue $q, string $name, array $want, float $visibility = 600): array
{
    $got = [];
    $deadline = microtime(true) + 60;
    while (count($got) < count($want) && microtime(true) < $deadline) {
        foreach ($q->reserve($name, 10, $visibility, 0.2) ?: [] as $t) {
            $got[$t['id']] = $t;
        }
    }
    ksort($got);
    return $got;
}

function intact(array $tasks, array $want, string $what): void
{
    $ok = array_keys($tasks) === $want;
    foreach ($tasks as $id => $t) {
        $ok = $ok && ($t['payload'] ?? null) === body((string) $id);
    }
    rq_check($ok, "$what: every task, its payload intact", array_keys($tasks));
}

foreach (IDS as $id) {
    $z->enqueue($name, $id, payload: body($id));
}
$raw->call('CONFIG', 'RESETSTAT');
$m = $q->migrate($name);
$n = scripts($raw);
rq_check($m['moved'] === 6 && $raw->call('XLEN', "$K:stream") === 6, 'migrate: all six on the stream', $m);
rq_check($n < 6, 'migrate: fewer scripts than tasks, the payloads by reference', $n);
/* Payloads by reference off, as on a queue a release before this one moved. */
$raw->call('HDEL', "$K:meta", 'p');

$tasks = take($q, $name, IDS);
intact($tasks, IDS, 'migrate');
foreach (IDS as $id) {
    $q->fail($name, $id, $tasks[$id]['receipt']);
}
rq_check($q->retryDead($name) === 6, 'retryDead: six back');
rq_check($raw->call('XLEN', "$K:stream") === 1 && $raw->call('ZCARD', $Z) === 5, 'retryDead: one onto the stream, five due in the zset',
    [$raw->call('XLEN', "$K:stream"), $raw->call('ZCARD', $Z)]);
/* A worker of its own: its first reserve() runs the upkeep once. */
$w = new RedisQueue($srv->options(['read_timeout' => 60]));
$first = $w->reserve($name, 10, 600);
rq_check(count($first) < 6 && $raw->call('ZCARD', $Z) > 0, 'promotion: one upkeep moves 1 MiB of payload, not every due task',
    [count($first), $raw->call('ZCARD', $Z)]);
$tasks = take($w, $name, array_values(array_diff(IDS, array_column($first, 'id'))));
foreach ($first as $t) {
    $tasks[$t['id']] = $t;
}
ksort($tasks);
intact($tasks, IDS, 'retryDead and promotion');

/* a, b, c reserved for 0.3 s by a worker that never comes back: once they have
 * lapsed, a fresh worker's first reserve() settles 1 MiB of them in its upkeep. */
foreach (['a', 'b', 'c'] as $id) {
    $w->release($name, $id, 0, $tasks[$id]['receipt']);
}
$short = take($w, $name, ['a', 'b', 'c'], 0.3);
$v = (int) $raw->call('HGET', "$K:meta", 'v');
$deadline = microtime(true) + 30;
do {
    $idle = array_column($raw->call('XPENDING', "$K:stream", 'rl', '-', '+', '10'), 2);
    $lapsed = count(array_filter($idle, fn ($i) => $i >= $v));
} while ($lapsed < 3 && microtime(true) < $deadline && usleep(20000) === null);
rq_check($lapsed === 3, 'lapse: the three short reservations lapsed', $idle);
$w2 = new RedisQueue($srv->options(['read_timeout' => 60]));
$first = $w2->reserve($name, 10, 600);
rq_check(count($first) === 1, 'settle of a lapse: one upkeep settles 1 MiB of payload, not every lapsed task', array_column($first, 'id'));
$again = take($w2, $name, array_values(array_diff(['a', 'b', 'c'], array_column($first, 'id'))));
foreach ($first as $t) {
    $again[$t['id']] = $t;
}
ksort($again);
intact($again, ['a', 'b', 'c'], 'settle of a lapse');
$tasks = $again + $tasks;
ksort($tasks);

foreach (IDS as $id) {
    $w2->release($name, $id, 0, $tasks[$id]['receipt']);
}
$raw->call('CONFIG', 'RESETSTAT');
$deadline = microtime(true) + 60;
do {
    $m = $q->migrate($name, true);
} while ($m['layout'] !== 'zset' && microtime(true) < $deadline);
$n = scripts($raw);
rq_check($m['layout'] === 'zset' && $raw->call('EXISTS', "$K:stream") === 0, 'migrate back: the stream is gone', $m);
rq_check($n >= 6, 'migrate back: a script per 1 MiB of payload', $n);
intact(take($z, $name, IDS), IDS, 'migrate back');
?>
--EXPECT--
ok: migrate: all six on the stream
ok: migrate: fewer scripts than tasks, the payloads by reference
ok: migrate: every task, its payload intact
ok: retryDead: six back
ok: retryDead: one onto the stream, five due in the zset
ok: promotion: one upkeep moves 1 MiB of payload, not every due task
ok: retryDead and promotion: every task, its payload intact
ok: lapse: the three short reservations lapsed
ok: settle of a lapse: one upkeep settles 1 MiB of payload, not every lapsed task
ok: settle of a lapse: every task, its payload intact
ok: migrate back: the stream is gone
ok: migrate back: a script per 1 MiB of payload
ok: migrate back: every task, its payload intact
