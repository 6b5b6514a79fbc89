--TEST--
RedisSemaphore::acquire(): 5 waiters on a semaphore of limit 1, each seen queued before the next starts, get the permit in exactly that order
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$order = "$name:order";
$sem = sem_new();
$t = $sem->acquire($name, 1, 0, 30);
$pids = [];
for ($i = 0; $i < 5; $i++) {
    $pids[] = l4_fork(function () use ($name, $ready, $order, $i) {
        $raw = new RawRedis();
        $sem = sem_new();
        $sem->count($name);
        sem_tell($raw, $ready, "w$i");
        $t = $sem->acquire($name, 1, l4_bound(8), 15);
        if ($t === false) {
            return 10;
        }
        $raw->call('RPUSH', $order, (string) $i);
        usleep(20000);
        return $sem->release($name, $t) ? 0 : 11;
    });
    sem_report($raw, $ready);
    var_dump(sem_until_queued($raw, $name, $i + 1));
}
var_dump($sem->release($name, $t));
echo implode(',', l4_wait($pids, l4_bound(10))), "\n";
echo implode(',', $raw->call('LRANGE', $order, '0', '-1')), "\n";
var_dump($sem->count($name), sem_queued($raw, $name));
$raw->call('DEL', $ready, $order);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
0,0,0,0,0
0,1,2,3,4
int(0)
int(0)
