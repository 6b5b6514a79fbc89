--TEST--
RedisQueue: 8 processes popping 10,000 tasks at once get each task exactly once, none lost
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
var_dump($q->size($name));

$start = microtime(true) + 0.3;
$codes = rl_fork($workers, function (int $w) use ($name, $dir, $start) {
    $q = rq_queue();
    $q->size($name); // connect before the start line
    mt_srand($w);
    $got = [];
    time_sleep_until($start);
    $deadline = microtime(true) + 20;
    while (microtime(true) < $deadline) {
        $count = mt_rand(1, 4);
        $r = $q->pop($name, $count);
        if ($count === 1) {
            $r = $r === false ? [] : [$r];
        }
        if (!$r) {
            break;
        }
        foreach ($r as $t) {
            $got[] = $t['id'];
        }
    }
    file_put_contents("$dir/worker-$w", implode("\n", $got));
    return 0;
});
echo 'exit codes: ', implode(' ', $codes), "\n";

$all = [];
$per = [];
for ($w = 0; $w < $workers; $w++) {
    $lines = file_get_contents("$dir/worker-$w");
    $got = $lines === '' ? [] : explode("\n", $lines);
    $per[] = count($got);
    array_push($all, ...$got);
}
var_dump(count($all));
$counts = array_count_values($all);
$dups = array_filter($counts, fn($c) => $c > 1);
rq_check($dups === [], 'no task delivered twice', array_slice($dups, 0, 5, true));
$missing = array_diff($ids, array_keys($counts));
rq_check($missing === [], 'no task lost', array_slice($missing, 0, 5));
rq_check(count(array_filter($per)) >= 2, 'the work was shared by several processes', $per);
var_dump($q->size($name));
?>
--EXPECT--
bool(true)
array(4) {
  ["due"]=>
  int(10000)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
exit codes: 0 0 0 0 0 0 0 0
int(10000)
ok: no task delivered twice
ok: no task lost
ok: the work was shared by several processes
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
