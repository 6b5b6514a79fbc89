--TEST--
RedisQueue: with workers SIGKILLed at random, every task runs at least once and never in two workers at once
--DESCRIPTION--
RedisQueue: 8 worker processes reserving and acking (with receipts) 4,000 tasks
(8 x 500) while workers are SIGKILLed at random and respawned process every task
at least once, and no task is ever run by two workers at once (the run intervals
logged per task never overlap)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$dir = rq_tmpdir();
$tasks = 4000;
$q = rq_queue();
$q->enqueue($name, array_map(fn ($i) => "t$i", range(1, $tasks)));

function spawn_worker(string $name, string $dir): int
{
    $pid = pcntl_fork();
    if ($pid === -1) {
        throw new RuntimeException('fork failed');
    }
    if ($pid > 0) {
        return $pid;
    }
    try {
        mt_srand(getmypid());
        $q = rq_queue();
        $log = fopen("$dir/" . getmypid(), 'a');
        while (true) {
            $t = $q->reserve($name, 1, 2, 0.5);
            if ($t === false) {
                continue;
            }
            fwrite($log, "S {$t['id']} " . microtime(true) . "\n");
            usleep(mt_rand(500, 3000));            // the work
            fwrite($log, "E {$t['id']} " . microtime(true) . "\n");
            $ok = $q->ack($name, $t['id'], $t['receipt']);
            fwrite($log, "A {$t['id']} " . ($ok ? 1 : 0) . "\n");
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
    $workers[$i] = spawn_worker($name, $dir);
}
$killedAt = [];
mt_srand(7);
$kills = 0;
/* The times below only end a run that went wrong: a loaded machine is slower, not wrong. */
while ($kills < 25 && microtime(true) - $start < 60 && $q->size($name)['due'] > 0) {
    usleep(mt_rand(40000, 120000));
    $slot = mt_rand(0, 7);
    $killedAt[$workers[$slot]] = kill_worker($workers[$slot]);
    $kills++;
    $workers[$slot] = spawn_worker($name, $dir);
}
/* Done when nothing is queued or in flight; killed runs come back after 2 s. */
$deadline = $start + 120;
while (($size = $q->size($name)) !== ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0] && microtime(true) < $deadline) {
    usleep(50000);
}
foreach ($workers as $pid) {
    $killedAt[$pid] = kill_worker($pid);
}
echo 'drained: ', json_encode($size), "\n";

$runs = [];           // id => list of [start, end]
$ended = [];
$failedAcks = 0;
$open = 0;
foreach (glob("$dir/*") as $file) {
    $pid = (int) basename($file);
    $current = null;
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $line) {
        if (!preg_match('/^([SEA]) (t\d+) ([\d.]+)$/', $line, $m)) {
            continue;                 // a line cut short by SIGKILL
        }
        if ($m[1] === 'S') {
            $current = [$m[2], (float) $m[3]];
        } elseif ($m[1] === 'E' && $current && $current[0] === $m[2]) {
            $runs[$m[2]][] = [$current[1], (float) $m[3]];
            $ended[$m[2]] = true;
            $current = null;
        } elseif ($m[1] === 'A' && $m[3] !== '1') {
            $failedAcks++;
        }
    }
    if ($current) {                   // killed in the middle of a run
        $runs[$current[0]][] = [$current[1], $killedAt[$pid] ?? INF];
        $open++;
    }
}
$overlaps = [];
$twice = 0;
foreach ($runs as $id => $list) {
    usort($list, fn ($x, $y) => $x[0] <=> $y[0]);
    $twice += count($list) > 1 ? 1 : 0;
    for ($i = 1; $i < count($list); $i++) {
        if ($list[$i][0] < $list[$i - 1][1]) {
            $overlaps[] = [$id, $list[$i - 1], $list[$i]];
        }
    }
}
rq_check($kills >= 10, 'workers were killed at random', $kills);
rq_check(count($ended) === $tasks, 'every task was processed at least once', $tasks - count($ended));
rq_check($overlaps === [], 'no task was run by two workers at once', array_slice($overlaps, 0, 3));
rq_check($open > 0 && $twice > 0, 'some runs were cut short and run again', [$open, $twice]);
var_dump($failedAcks);
rq_check(microtime(true) - $start < 150, 'finished within 150 s', microtime(true) - $start);
?>
--EXPECT--
drained: {"due":0,"delayed":0,"inflight":0,"dead":0}
ok: workers were killed at random
ok: every task was processed at least once
ok: no task was run by two workers at once
ok: some runs were cut short and run again
int(0)
ok: finished within 150 s
