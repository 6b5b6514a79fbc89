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
$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pids[] = l4_fork(function () use ($name, $ready, $order, $i) {
        $raw = new RawRedis();
        $sem = sem_new();
        $sem->count($name);
        sem_tell($raw, $ready, "w$i");
        $t = $sem->acquire($name, 3, l4_bound(5), 15);
        if ($t === false) {
            return 10;
        }
        sem_tell($raw, $order, "w$i");
        usleep(300000);
        return $sem->release($name, $t) ? 0 : 11;
    });
    sem_report($raw, $ready);
    sem_settle($raw, $name, $i + 1);
}
var_dump($raw->call('LLEN', $order));
$released = microtime(true);
var_dump($sem->release($name, $t));
$late = [];
for ($i = 0; $i < 3; $i++) {
    [$who, $at] = sem_report($raw, $order, 2);
    $late[$who] = $at - $released;
}
ksort($late);
foreach ($late as $who => $s) {
    echo "$who within 1.5 s: ", sem_yes($s < l4_bound(1.5), round($s, 3)), "\n";
}
var_dump($sem->count($name));
echo implode(',', l4_wait($pids, l4_bound(5))), "\n";
var_dump($sem->count($name));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
bool(true)
int(0)
bool(true)
w0 within 1.5 s: yes
w1 within 1.5 s: yes
w2 within 1.5 s: yes
int(3)
0,0,0
int(0)
