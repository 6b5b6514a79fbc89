--TEST--
Symfony Messenger transport under SIGKILL: every message is handled to its end, never by two workers at once
--DESCRIPTION--
Symfony Messenger transport under SIGKILL: 8 worker processes (Symfony's Worker,
visibility 1 s, watchdog) handle 100 messages while random workers are killed
with SIGKILL and restarted; every message is handled to its end, no message is
ever handled by two workers at once, and the queue ends empty
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$name = rl_name();
$dir = rq_tmpdir();
$log = "$dir/runs.log";
$stop = "$dir/stop";
$transport = sm_transport($name, 'wait=0');
for ($n = 0; $n < 100; $n++) {
    $transport->send(new Envelope(new SmMessage('job', $n)));
}
$code = '$log = ' . var_export($log, true) . '; $stop = ' . var_export($stop, true) . ';
$t = sm_transport(' . var_export($name, true) . ', "visibility=1&wait=0.2");
sm_run(sm_worker($t, function (SmMessage $m) use ($log) {
    sm_log($log, "start m{$m->n} " . getmypid() . " " . microtime(true));
    usleep(random_int(100000, 300000));
    sm_log($log, "end m{$m->n} " . getmypid() . " " . microtime(true));
}, fn () => file_exists($stop), 40));';
$workers = [];
for ($i = 0; $i < 8; $i++) {
    $workers[$i] = sm_spawn($code);
}

// Kill a random worker every 150 ms, until 20 were killed running, and start another
// in its place (a count of kills, not 4 s: on a loaded machine the starts take longer).
$kills = 0;
for ($round = 0; $kills < 20 && $round < 200; $round++) {
    usleep(150000);
    $i = random_int(0, 7);
    $status = proc_get_status($workers[$i]);
    if ($status['running']) {
        proc_terminate($workers[$i], 9);
        sm_log($log, "kill - {$status['pid']} " . microtime(true));
        $kills++;
    }
    proc_close($workers[$i]);
    $workers[$i] = sm_spawn($code);
}

// Then let them finish: every message ended once, and nothing left in the queue.
$queue = rq_queue();
$deadline = microtime(true) + 120;
do {
    usleep(200000);
    $runs = sm_runs($log);
    $ended = 0;
    foreach ($runs as $list) {
        $ended += count(array_filter($list, fn ($r) => $r[1] !== null)) > 0 ? 1 : 0;
    }
    $size = $queue->size($name);
} while (($ended < 100 || $size !== ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0]) && microtime(true) < $deadline);
touch($stop);
$codes = sm_reap($workers, 60);

rq_check($kills >= 20, 'workers were killed along the way', $kills);
rq_check($codes === array_fill(0, 8, 0), 'the last 8 workers stopped by themselves', $codes);
$runs = sm_runs($log);
$handled = [];
foreach ($runs as $key => $list) {
    foreach ($list as [$start, $end]) {
        if ($end !== null && $start <= $end) {
            $handled[$key] = true;
        }
    }
}
$missing = array_diff(array_map(fn ($n) => "m$n", range(0, 99)), array_keys($handled));
rq_check($missing === [], 'every message was handled', $missing);
rq_check(sm_overlaps($runs) === [], 'no message was handled by two workers at once', sm_overlaps($runs));
$size = $queue->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the queue is empty', $size);
$redelivered = count(array_filter($runs, fn ($list) => count($list) > 1));
rq_check($redelivered > 0, 'some messages of killed workers were delivered again', $redelivered);
?>
--EXPECT--
ok: workers were killed along the way
ok: the last 8 workers stopped by themselves
ok: every message was handled
ok: no message was handled by two workers at once
ok: the queue is empty
ok: some messages of killed workers were delivered again
