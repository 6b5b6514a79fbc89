--TEST--
RedisQueue::migrate() forward and back, its caller SIGKILLed at random in the middle, while zset-layout workers drain the queue: no task is lost or completed twice
--DESCRIPTION--
1,000 tasks with payloads enqueued by a 'queue_layout' => 'zset' object. Three
workers of that layout reserve, check the payload and ack. A child process runs
migrate() forward and back in turns and is SIGKILLed at random and started
again, 12 times. Each page of a migration is one script, so a kill leaves the
queue between two pages. At the end migrate(back: true) puts the queue on the
zset layout; the workers then drain it: every task is acked once with its
payload, none is left anywhere. The wait for the drain ends when the queue is
empty, when it has not moved for 20 s, or at 90 s: a loaded machine slows the
workers, and a fixed bound would fail them for it.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$dir = rq_tmpdir();
$tasks = 1000;
$raw = new RawRedis();
$old = rq_queue(['queue_layout' => 'zset']);
$ids = array_map(fn ($i) => "t$i", range(1, $tasks));
$old->enqueue($name, $ids, 10, 0, false, array_combine($ids, array_map(fn ($id) => "payload $id", $ids)));

function spawn(callable $body): int
{
    $pid = pcntl_fork();
    if ($pid !== 0) {
        return $pid;
    }
    try {
        $body();
    } catch (Throwable $e) {
        fwrite(STDERR, 'child: ' . $e->getMessage() . "\n");
    }
    exit(0);
}
$worker = function () use ($name, $dir): void {
    $q = rq_queue(['queue_layout' => 'zset']);
    $log = fopen("$dir/" . getmypid(), 'a');
    $until = microtime(true) + 120;
    while (microtime(true) < $until) {
        if (($t = $q->reserve($name, 1, 5, 0.2)) === false) {
            continue;
        }
        $good = ($t['payload'] ?? '') === "payload {$t['id']}" ? 1 : 0;
        usleep(2000);
        fwrite($log, "A {$t['id']} " . ($q->ack($name, $t['id'], $t['receipt']) ? 1 : 0) . " $good\n");
    }
};
$migrator = function () use ($name): void {
    $q = rq_queue();
    $until = microtime(true) + 25;
    for ($i = 0; microtime(true) < $until; $i++) {
        $q->migrate($name, $i % 2 === 1);
    }
};
$start = microtime(true);
$workers = [spawn($worker), spawn($worker), spawn($worker)];
mt_srand(5);
$kills = 0;
for ($k = 0; $k < 12; $k++) {
    $m = spawn($migrator);
    usleep(mt_rand(5000, 150000));
    exec("kill -9 $m");
    pcntl_waitpid($m, $status);
    $kills++;
}
$q = rq_queue();
do {
    $r = $q->migrate($name, true);
} while ($r['layout'] !== 'zset' && microtime(true) - $start < 60 && usleep(100000) === null);
echo 'back: ', $r['layout'], "\n";
$empty = ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0];
$moved = microtime(true);
$last = null;
while (($size = $q->size($name)) !== $empty && microtime(true) - $start < 90 && microtime(true) - $moved < 20) {
    if ($size !== $last) {
        [$last, $moved] = [$size, microtime(true)];
    }
    usleep(50000);
}
foreach ($workers as $pid) {
    exec("kill -9 $pid");
    pcntl_waitpid($pid, $status);
}
echo 'drained: ', json_encode($size), "\n";
$acks = [];
$bad = 0;
foreach (glob("$dir/*") as $file) {
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $line) {
        if (preg_match('/^A (t\d+) 1 ([01])$/', $line, $m)) {
            $acks[$m[1]] = ($acks[$m[1]] ?? 0) + 1;
            $bad += $m[2] === '0' ? 1 : 0;
        }
    }
}
rq_check($kills === 12, 'the migrating process was killed 12 times');
rq_check(count($acks) === $tasks, 'every task was acked', $tasks - count($acks));
rq_check(array_filter($acks, fn ($n) => $n !== 1) === [], 'each once');
rq_check($bad === 0, 'each with its payload', $bad);
// Left: the settings (v, m and b), which outlive migrate(back: true), the counters, and nothing of the stream layout.
var_dump(rq_state_keys($raw, $name) === ["{Queue:$name}:meta"], array_diff($raw->call('HKEYS', "{Queue:$name}:meta"), ['v', 'm', 'b']));
?>
--EXPECT--
back: zset
drained: {"due":0,"delayed":0,"inflight":0,"dead":0}
ok: the migrating process was killed 12 times
ok: every task was acked
ok: each once
ok: each with its payload
bool(true)
array(0) {
}
