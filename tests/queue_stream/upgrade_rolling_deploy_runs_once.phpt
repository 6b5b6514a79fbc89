--TEST--
RedisQueue upgrade: producers and workers of the previous releases (d2e53ad, 2eeff3e, built here) mixed with this one, before and after migrate() and back, run every task once
--DESCRIPTION--
The previous releases, built from this tree's git history: d2e53ad knows only the
zset; 2eeff3e has the stream layout and moves a queue onto it at its first
reserve(). Each phase runs workers of both releases at once, each run recording
its start and its end in a list, while producers of both enqueue:
1. a rolling deploy from d2e53ad: its producers and workers beside this
   release's, on a queue no one migrated. This release's workers follow the
   queue's layout (the zset) and never create its stream;
2. every client upgraded, then migrate(): this release's workers and producers
   on the stream;
3. the rollback: migrate(back: true), then d2e53ad's workers and producers
   again beside this release's;
4. a rolling deploy from 2eeff3e: its workers move the queue onto the stream at
   their first reserve(), and this release's follow it there.
First, the reported case: an id that this release's worker runs, queued again
by d2e53ad's producer, is not taken by d2e53ad's worker during the run.
Every id is queued by one producer, and those of the first batch by both
(a duplicate while it waits). Each id must have run exactly once, its end
recorded before any other start of it, and the queue must be empty. Order and
counts only.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
foreach (['d2e53ad', '2eeff3e'] as $c) {
    if (($why = rl_old_release_unavailable($c)) !== '') {
        die("skip $why");
    }
}
?>
--INI--
max_execution_time=0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$zsetOnly = rl_old_release('d2e53ad');
$autoMoves = rl_old_release('2eeff3e');
$raw = new RawRedis();
$new = rq_queue();

/* A worker of any release: reserve, record start and end, ack; until told to stop. */
function worker_code(string $name, string $log, string $stop, string $tag): string
{
    return '
$q = new RedisQueue(rl_dsn());
$raw = new RawRedis();
$end = microtime(true) + 300;
while (microtime(true) < $end) {
    $t = $q->reserve(' . var_export($name, true) . ', 1, 30, 0.2);
    if ($t === false) {
        if ($raw->call("EXISTS", ' . var_export($stop, true) . ') === 1) {
            break;
        }
        continue;
    }
    $raw->call("RPUSH", ' . var_export($log, true) . ', "s " . $t["id"] . " ' . $tag . '");
    usleep(5000);
    $raw->call("RPUSH", ' . var_export($log, true) . ', "e " . $t["id"] . " ' . $tag . '");
    $q->ack(' . var_export($name, true) . ', $t["id"], $t["receipt"]);
}
';
}

function producer_code(string $name, array $ids): string
{
    return '
$q = new RedisQueue(rl_dsn());
foreach (' . var_export($ids, true) . ' as $id) {
    $q->enqueue(' . var_export($name, true) . ', $id, payload: "p");
}
';
}

function start(?string $so, string $code)
{
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $proc = proc_open([$php, '-n', '-d', 'extension=' . ($so ?? rl_extension_path()), rl_php_file($code)],
        [1 => STDOUT, 2 => STDOUT], $pipes);
    if (!is_resource($proc)) {
        throw new RuntimeException('proc_open failed');
    }
    return $proc;
}

function finish(array $procs): void
{
    foreach ($procs as $p) {
        proc_close($p);
    }
}

/* Runs a phase: $workers [so|null, ...] and $producers [[so|null, ids], ...] at once;
 * waits until every id has ended (deadline against a hang), stops the workers. */
function phase(string $name, array $workers, array $producers, array $all): array
{
    $raw = new RawRedis();
    $log = rl_name(':log');
    $stop = rl_name(':stop');
    $procs = [];
    foreach ($workers as $i => $so) {
        $procs[] = start($so, worker_code($name, $log, $stop, "w$i"));
    }
    finish(array_map(fn ($p) => start($p[0], producer_code($name, $p[1])), $producers));
    $deadline = microtime(true) + 240;
    do {
        $ended = [];
        foreach ($raw->call('LRANGE', $log, '0', '-1') as $line) {
            if ($line[0] === 'e') {
                $ended[explode(' ', $line)[1]] = true;
            }
        }
        if (count($ended) >= count($all)) {
            break;
        }
        usleep(50000);
    } while (microtime(true) < $deadline);
    $raw->call('SET', $stop, '1');
    finish($procs);
    /* Runs per id, and whether any id started again before its run ended. */
    $runs = [];
    $open = [];
    $overlap = 0;
    foreach ($raw->call('LRANGE', $log, '0', '-1') as $line) {
        [$what, $id] = explode(' ', $line);
        if ($what === 's') {
            $runs[$id] = ($runs[$id] ?? 0) + 1;
            if (!empty($open[$id])) {
                $overlap++;
            }
            $open[$id] = true;
        } else {
            $open[$id] = false;
        }
    }
    $once = 0;
    foreach ($all as $id) {
        $once += ($runs[$id] ?? 0) === 1 ? 1 : 0;
    }
    return ['ids' => count($all), 'once' => $once, 'extra' => array_sum($runs) - $once, 'overlap' => $overlap];
}

function ids(string $p, int $n): array
{
    return array_map(fn ($i) => "$p$i", range(1, $n));
}

/* The report's case: a worker of this release runs x; a producer of d2e53ad
 * queues x again; a worker of d2e53ad must not take it while the run goes on. */
$name0 = rl_name();
$new->enqueue($name0, 'x');
$x = $new->reserve($name0, 1, 30);
$old = rl_run_old_php($zsetOnly, '
$q = new RedisQueue(rl_dsn());
$q->enqueue(' . var_export($name0, true) . ', "x");
$t = $q->reserve(' . var_export($name0, true) . ', 1, 30);
echo "old worker during the run: ", json_encode($t === false ? false : $t["id"]), "\n";
');
echo $old['stdout'], $old['stderr'];
$new->ack($name0, $x['id'], $x['receipt']);
$new->clear($name0);

$name = rl_name();
$dupes = ids('d', 20);
finish([start($zsetOnly, producer_code($name, $dupes)), start(null, producer_code($name, $dupes))]);
$o = ids('o', 40);
$n = ids('n', 40);
echo '1 ', json_encode(phase($name, [$zsetOnly, null, $zsetOnly, null], [[$zsetOnly, $o], [null, $n]], array_merge($dupes, $o, $n))), "\n";
$onStream = fn () => count(array_filter(rq_keys_containing($raw, $name), fn ($k) => str_ends_with($k, ':stream')));
echo 'stream after a rolling deploy: ', $onStream(), "\n";
echo json_encode($new->size($name)), "\n";

echo json_encode($new->migrate($name)['layout']), "\n";
$m = ids('m', 40);
echo '2 ', json_encode(phase($name, [null, null], [[null, $m]], $m)), "\n";

do {
    $back = $new->migrate($name, back: true);
} while ($back['layout'] !== 'zset');
echo 'back: ', $onStream(), "\n";
$r = ids('r', 40);
$r2 = ids('q', 40);
echo '3 ', json_encode(phase($name, [$zsetOnly, $zsetOnly, null], [[$zsetOnly, $r], [null, $r2]], array_merge($r, $r2))), "\n";
echo json_encode($new->size($name)), "\n";

$name2 = rl_name();
$a = ids('a', 40);
$b = ids('b', 40);
echo '4 ', json_encode(phase($name2, [$autoMoves, null, $autoMoves, null], [[$autoMoves, $a], [null, $b]], array_merge($a, $b))), "\n";
echo json_encode($new->size($name2)), "\n";
$new->clear($name);
$new->clear($name2);
?>
--EXPECT--
old worker during the run: false
1 {"ids":100,"once":100,"extra":0,"overlap":0}
stream after a rolling deploy: 0
{"due":0,"delayed":0,"inflight":0,"dead":0}
"stream"
2 {"ids":40,"once":40,"extra":0,"overlap":0}
back: 0
3 {"ids":80,"once":80,"extra":0,"overlap":0}
{"due":0,"delayed":0,"inflight":0,"dead":0}
4 {"ids":80,"once":80,"extra":0,"overlap":0}
{"due":0,"delayed":0,"inflight":0,"dead":0}
