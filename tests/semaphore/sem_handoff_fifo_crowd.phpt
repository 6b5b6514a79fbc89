--TEST--
RedisSemaphore: under a crowd of waiters, each release hands its permit to the head of the queue in arrival order, and the permits held never pass the limit
--DESCRIPTION--
Limit 2, both held. Eight waiters in other processes queue one after another
for one permit each. Each, once it holds its permit, reads count() (never more
than 2), holds it a moment and releases it. The order in which the releases
handed the permits (the wake-ups "h" the scripts pushed, seen by MONITOR) is the
order of arrival, and every waiter was served by a hand-over: none confirmed a
promise.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = sem_key($name);
$P = '{' . $key . '}:w:';
$report = "$name:report";
$sem = sem_new();
$t1 = $sem->acquire($name, 2, 0, 30);
$t2 = $sem->acquire($name, 2, 0, 30);
$monitor = rl_monitor();
$pids = [];
for ($i = 0; $i < 8; $i++) {
    $pids[] = l4_fork(function () use ($name, $report, $i) {
        $raw = new RawRedis();
        $s = sem_new();
        $t = $s->acquire($name, 2, l4_bound(30), 20);
        if ($t === false) {
            return 10;
        }
        $n = $s->count($name);
        $raw->call('RPUSH', $report, "$i " . substr($t, 2) . " $n");
        usleep(20000);
        return $s->release($name, $t) ? 0 : 11;
    });
    var_dump(sem_until_queued($raw, $name, $i + 1, 10));
}
$sem->release($name, $t1);
$sem->release($name, $t2);
echo implode(',', l4_wait($pids, l4_bound(40))), "\n";
$seen = rl_monitor_read($monitor);
fclose($monitor);
$ids = [];
$over = [];
foreach ((array) $raw->call('LRANGE', $report, '0', '-1') as $line) {
    [$i, $hex, $n] = explode(' ', $line);
    $ids[$P . 'w:' . $hex] = (int) $i;
    if ((int) $n > 2) {
        $over[] = $line;
    }
}
echo 'reports: ', count($ids), ', count() above the limit: ', $over === [] ? 'none' : json_encode($over), "\n";
$handed = [];
$promised = 0;
foreach (ho_commands($seen) as $c) {
    if ($c['client'] === 'lua' && $c['args'][0] === 'RPUSH' && isset($ids[$c['args'][1]])) {
        if ($c['args'][2] === 'h') {
            $handed[] = $ids[$c['args'][1]];
        } else {
            $promised++;
        }
    }
}
echo 'handed in arrival order: ', implode(',', $handed), "\n";
echo 'promises to confirm: ', $promised, "\n";
echo 'held at the end: ', $sem->count($name), ', keys left: ', $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name)), "\n";
$raw->call('DEL', $report);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
0,0,0,0,0,0,0,0
reports: 8, count() above the limit: none
handed in arrival order: 0,1,2,3,4,5,6,7
promises to confirm: 0
held at the end: 0, keys left: 0
