--TEST--
RedisSemaphore::release(): giving back 3 permits admits the 3 queued waiters for 1 permit each together (processes), woken by the release
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$sem = sem_new();
$t = $sem->acquire($name, 3, 0, 30, 3);
var_dump(is_string($t));
$monitor = rl_monitor();
$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pids[] = l4_fork(function () use ($name, $ready, $order, $i) {
        $raw = new RawRedis();
        $sem = sem_new();
        $sem->count($name);
        sem_tell($raw, $ready, "w$i");
        $t = $sem->acquire($name, 3, l4_bound(30), 15);
        if ($t === false) {
            return 10;
        }
        sem_tell($raw, $order, "w$i");
        /* It holds until the test has counted the holders. */
        l4_until(fn () => $raw->call('LLEN', "$name:go") > 0, 30);
        return $sem->release($name, $t) ? 0 : 11;
    });
    sem_report($raw, $ready);
    sem_until_queued($raw, $name, $i + 1, 30);
}
var_dump($raw->call('LLEN', $order));
$released = microtime(true);
var_dump($sem->release($name, $t));
$late = [];
for ($i = 0; $i < 3; $i++) {
    [$who, $at] = sem_report($raw, $order, 30);
    $late[$who] = $at - $released;
}
ksort($late);
foreach ($late as $who => $s) {
    echo "$who after the release: ", sem_yes($s >= 0, round($s, 3)), "\n";
}
var_dump($sem->count($name));
$raw->call('RPUSH', "$name:go", '1');
echo implode(',', l4_wait($pids, l4_bound(30))), "\n";
/* Woken by the release, not at the end of a wait round: MONITOR shows its script
 * push onto the lists all three blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
echo 'all three woken by the release: ', sem_yes(($n = l4_wakeups(rl_monitor_read($monitor), $name)) === 3, $n), "\n";
fclose($monitor);
var_dump($sem->count($name));
$raw->call('DEL', $ready, $order, "$name:go");
?>
--EXPECT--
bool(true)
int(0)
bool(true)
w0 after the release: yes
w1 after the release: yes
w2 after the release: yes
int(3)
0,0,0
all three woken by the release: yes
int(0)
