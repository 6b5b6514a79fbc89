--TEST--
RedisQueue upgrade: workers share one queue that migrate() moves from the zset layout onto the stream while they run under random SIGKILLs: every task completes exactly once, never in two at once
--DESCRIPTION--
1,500 tasks enqueued on the zset layout, then 4 workers with 'queue_layout' =>
'zset' and 4 with the default reserve, work and ack with receipts while workers
are SIGKILLed at random and respawned of the same kind; after the fourth kill
migrate() moves the queue onto the stream, so reservations of both layouts are
in flight at once and the workers follow the queue there. Every task's run ends at
least once, no more than one ack per task succeeds (none only when the worker
was killed between the run's end and its log of the ack), and no two runs of a
task overlap. Reservations last 2 s; the test is bounded at 20 s.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$dir = rq_tmpdir();
$tasks = 1500;
$old = rq_queue(['queue_layout' => 'zset']);
$old->enqueue($name, array_map(fn ($i) => "t$i", range(1, $tasks)));

function spawn_worker(string $name, string $dir, bool $zset): int
{
    $pid = pcntl_fork();
    if ($pid !== 0) {
        return $pid;
    }
    try {
        mt_srand(getmypid());
        $q = rq_queue($zset ? ['queue_layout' => 'zset'] : []);
        $log = fopen("$dir/" . getmypid(), 'a');
        $until = microtime(true) + 25;              // bounded even if the test dies
        while (microtime(true) < $until) {
            $t = $q->reserve($name, 1, 2, 0.3);
            if ($t === false) {
                continue;
            }
            fwrite($log, "S {$t['id']} " . microtime(true) . "\n");
            usleep(mt_rand(500, 3000));
            fwrite($log, "E {$t['id']} " . microtime(true) . "\n");
            fwrite($log, "A {$t['id']} " . ($q->ack($name, $t['id'], $t['receipt']) ? 1 : 0) . "\n");
        }
    } catch (Throwable $e) {
        fwrite(STDERR, 'worker: ' . $e->getMessage() . "\n");
    }
    exit(1);
}
function kill_worker(int $pid): float
{
    exec('kill -9 ' . $pid);
    $at = microtime(true);
    pcntl_waitpid($pid, $status);
    return $at;
}

$start = microtime(true);
$workers = [];
for ($i = 0; $i < 8; $i++) {
    $workers[$i] = spawn_worker($name, $dir, $i < 4);
}
$killedAt = [];
mt_srand(11);
$kills = 0;
$q = rq_queue();
/* The times below only end a run that went wrong: a loaded machine is slower, not wrong. */
while ($kills < 16 && microtime(true) - $start < 60) {
    usleep(mt_rand(60000, 200000));
    $slot = mt_rand(0, 7);
    $killedAt[$workers[$slot]] = kill_worker($workers[$slot]);
    $kills++;
    $workers[$slot] = spawn_worker($name, $dir, $slot < 4);
    if ($kills === 4) {
        $migrated = $q->migrate($name)['layout'];
    }
}
$deadline = $start + 120;
$empty = ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0];
while (($size = $q->size($name)) !== $empty && microtime(true) < $deadline) {
    usleep(50000);
}
foreach ($workers as $pid) {
    $killedAt[$pid] = kill_worker($pid);
}
echo 'drained: ', json_encode($size), "\n";

$runs = [];
$acks = [];
$unknown = [];
foreach (glob("$dir/*") as $file) {
    $pid = (int) basename($file);
    $current = null;
    $last = null;
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $line) {
        if (!preg_match('/^([SEA]) (t\d+) ([\d.]+)$/', $line, $m)) {
            continue;
        }
        $last = $m;
        if ($m[1] === 'S') {
            $current = [$m[2], (float) $m[3]];
        } elseif ($m[1] === 'E' && $current && $current[0] === $m[2]) {
            $runs[$m[2]][] = [$current[1], (float) $m[3]];
            $current = null;
        } elseif ($m[1] === 'A' && $m[3] === '1') {
            $acks[$m[2]] = ($acks[$m[2]] ?? 0) + 1;
        }
    }
    if ($current) {
        $runs[$current[0]][] = [$current[1], $killedAt[$pid] ?? INF];
    }
    if ($last && $last[1] === 'E') {
        $unknown[$last[2]] = true;                  // killed between its run's end and the log of its ack
    }
}
$lost = array_diff(array_map(fn ($i) => "t$i", range(1, $tasks)), array_keys($acks), array_keys($unknown));
$overlaps = [];
foreach ($runs as $id => $list) {
    usort($list, fn ($x, $y) => $x[0] <=> $y[0]);
    for ($i = 1; $i < count($list); $i++) {
        if ($list[$i][0] < $list[$i - 1][1]) {
            $overlaps[] = [$id, $list[$i - 1], $list[$i]];
        }
    }
}
rq_check($kills >= 8, 'workers were killed at random', $kills);
rq_check(($migrated ?? null) === 'stream', 'migrate() moved the queue onto the stream while they ran', $migrated ?? null);
rq_check($lost === [], 'every task completed (its ack succeeded, or its worker was killed right after its end)', array_slice($lost, 0, 5));
rq_check(array_filter($acks, fn ($n) => $n !== 1) === [], 'each exactly once', array_slice(array_filter($acks, fn ($n) => $n !== 1), 0, 5));
rq_check($overlaps === [], 'no task ran in two workers at once', array_slice($overlaps, 0, 3));
rq_check(microtime(true) - $start < 150, 'finished within 150 s', microtime(true) - $start);
?>
--EXPECT--
drained: {"due":0,"delayed":0,"inflight":0,"dead":0}
ok: workers were killed at random
ok: migrate() moved the queue onto the stream while they ran
ok: every task completed (its ack succeeded, or its worker was killed right after its end)
ok: each exactly once
ok: no task ran in two workers at once
ok: finished within 150 s
