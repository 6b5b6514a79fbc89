--TEST--
RedisQueue::migrate(back: true) with payloads by reference leaves the zset layout's formats, which d2e53ad reads: every payload in P, dead letters included, nothing else but the settings
--DESCRIPTION--
After migrate() no entry carries a payload over 64 KiB (all of them here): a task queued due now, a delayed
one, a dead letter, and a task in flight with a run queued again behind it (the
parked run's payload in the other hash than the running one's) each keep theirs
apart. migrate(back: true), once the run in flight ended, puts the queue back on
the zset layout (payloads by reference stay on until then, and go with the
stream): the stream and the second
payload hash are gone, every payload is in P (the hashes merged; on a second
queue whose payloads are all in the second hash, by a rename), and d2e53ad, the
release before the stream layout, reserves the tasks with their payloads and
lists the dead letter with its payload. Order and state only.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('d2e53ad');
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$K = "{Queue:$name}";

/** A payload over 64 KiB, which goes by reference; short() gives its name back. */
function big(string $s): string
{
    return $s . str_repeat('.', 70000);
}

function short(?string $p): ?string
{
    return $p === null ? null : rtrim($p, '.');
}

function no_entry_carries_a_payload(RawRedis $raw, string $K): bool
{
    foreach ($raw->call('XRANGE', "$K:stream", '-', '+') as $e) {
        for ($i = 0; $i + 1 < count($e[1]); $i += 2) {
            if ($e[1][$i] === 'p') {
                return false;
            }
        }
    }
    return true;
}

function back(RedisQueue $q, string $name): array
{
    $deadline = microtime(true) + 30;
    do {
        $m = $q->migrate($name, true);
    } while ($m['layout'] !== 'zset' && microtime(true) < $deadline);
    return $m;
}

$q->migrate($name);
$q->enqueue($name, 'c', payload: big('pc'));
$t = $q->reserve($name, 1, 30);
$q->fail($name, 'c', $t['receipt']);
$q->enqueue($name, 'd', payload: big('pd'));
$d = $q->reserve($name, 1, 300);
$q->enqueue($name, 'd', payload: big('pd2'));
$q->enqueue($name, 'a', payload: big('pa'));
$q->enqueue($name, 'b', afterInterval: 600, payload: big('pb'));
rq_check(no_entry_carries_a_payload($raw, $K), 'on the stream, no entry carries its payload');

$m = $q->migrate($name, true);
rq_check($m['layout'] === 'stream' && $m['inflight'] === 1, 'migrate(back: true) waits for the run in flight', $m);
rq_check($raw->call('HGET', "$K:meta", 'p') === '1', 'payloads by reference stay on while the stream is there');
rq_check($q->ack($name, 'd', $d['receipt']), 'the run in flight ends');
$m = back($q, $name);
rq_check($m['layout'] === 'zset' && $raw->call('EXISTS', "$K:stream", "$K:spare", "$K:index") === 0
    && array_diff($raw->call('HKEYS', "$K:meta"), ['v', 'm', 'b']) === [],
    'the queue is on the zset layout, the second payload hash gone', $m);
$p = $raw->call('HGETALL', "$K:payloads");
$pairs = [];
for ($i = 0; $i + 1 < count($p); $i += 2) {
    $pairs[$p[$i]] = short($p[$i + 1]);
}
ksort($pairs);
rq_check($pairs === ['a' => 'pa', 'b' => 'pb', 'c' => 'pc', 'd' => 'pd2'], 'every payload in P', $pairs);

$old = rl_run_old_php($so, '
$q = new RedisQueue(rl_dsn());
$runs = [];
while (($t = $q->reserve(' . var_export($name, true) . ', 1, 30)) !== false) {
    $runs[] = $t["id"] . "=" . rtrim($t["payload"] ?? "(none)", ".");
    $q->ack(' . var_export($name, true) . ', $t["id"], $t["receipt"]);
}
sort($runs);
echo implode(" ", $runs), "\n";
foreach ($q->dead(' . var_export($name, true) . ') as $x) { echo "dead ", $x["id"], "=", rtrim($x["payload"] ?? "(none)", "."), "\n"; }
');
echo $old['stdout'], $old['stderr'];

/* A queue whose payloads are all in the second hash: it becomes P. */
$name2 = rl_name();
$K2 = "{Queue:$name2}";
$q->migrate($name2);
$q->enqueue($name2, ['x', 'y'], payload: ['x' => big('px'), 'y' => big('py')]);
rq_check($raw->call('EXISTS', "$K2:payloads") === 0 && $raw->call('HLEN', "$K2:spare") === 2, 'a queue with its payloads in the second hash only');
$m = back($q, $name2);
rq_check($m['layout'] === 'zset' && $raw->call('EXISTS', "$K2:spare") === 0 && short($raw->call('HGET', "$K2:payloads", 'y')) === 'py',
    'migrate(back: true): the second hash is P now', $m);
?>
--EXPECT--
ok: on the stream, no entry carries its payload
ok: migrate(back: true) waits for the run in flight
ok: payloads by reference stay on while the stream is there
ok: the run in flight ends
ok: the queue is on the zset layout, the second payload hash gone
ok: every payload in P
a=pa d=pd2
dead c=pc
ok: a queue with its payloads in the second hash only
ok: migrate(back: true): the second hash is P now
