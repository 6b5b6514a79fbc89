--TEST--
RedisQueue: 8 processes reserving and acking 10,000 tasks (some released and redelivered) ack every task, lose none, and leave nothing in flight
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$dir = rq_tmpdir();
$n = 10000;
$workers = 8;

$ids = array_map(fn($i) => "task-$i", range(1, $n));
$q = rq_queue();
var_dump($q->enqueue($name, $ids));

$start = microtime(true) + 0.3;
$codes = rl_fork($workers, function (int $w) use ($name, $dir, $start) {
    $q = rq_queue();
    $q->size($name);
    mt_srand(100 + $w);
    $delivered = $acked = $released = [];
    $failedAcks = 0;
    time_sleep_until($start);
    $deadline = microtime(true) + 20;
    while (microtime(true) < $deadline) {
        $count = mt_rand(1, 3);
        $r = $q->reserve($name, $count, 10);
        if ($count === 1) {
            $r = $r === false ? [] : [$r];
        }
        if (!$r) {
            break;
        }
        foreach ($r as $t) {
            $delivered[] = $t['id'];
            // One task in 20 is handed back once, to be delivered again.
            if (!isset($released[$t['id']]) && mt_rand(1, 20) === 1) {
                $released[$t['id']] = true;
                if (!$q->release($name, $t['id'])) {
                    $failedAcks++;
                }
                continue;
            }
            if ($q->ack($name, $t['id'])) {
                $acked[] = $t['id'];
            } else {
                $failedAcks++;
            }
        }
    }
    file_put_contents("$dir/worker-$w", json_encode([
        'delivered' => $delivered, 'acked' => $acked, 'released' => array_keys($released), 'failed' => $failedAcks,
    ]));
    return 0;
});
echo 'exit codes: ', implode(' ', $codes), "\n";

$delivered = $acked = $released = [];
$failed = 0;
for ($w = 0; $w < $workers; $w++) {
    $r = json_decode(file_get_contents("$dir/worker-$w"), true);
    array_push($delivered, ...$r['delivered']);
    array_push($acked, ...$r['acked']);
    array_push($released, ...$r['released']);
    $failed += $r['failed'];
}
var_dump($failed);
rq_check(array_diff($ids, $delivered) === [], 'every task delivered at least once');
$ackCounts = array_count_values($acked);
rq_check(count($ackCounts) === $n, 'every task acked', $n - count($ackCounts));
rq_check(count($acked) === $n, 'no task acked twice', count($acked));
rq_check(count($released) > 100, 'hundreds of tasks were released', count($released));
rq_check(count($delivered) === $n + count($released), 'delivered = tasks + releases', [count($delivered), count($released)]);
var_dump($q->size($name));
?>
--EXPECT--
bool(true)
exit codes: 0 0 0 0 0 0 0 0
int(0)
ok: every task delivered at least once
ok: every task acked
ok: no task acked twice
ok: hundreds of tasks were released
ok: delivered = tasks + releases
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
