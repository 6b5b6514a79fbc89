--TEST--
RedisLock::lockShared(): a reader killed with SIGKILL keeps its share until its own $expire, and no longer
--DESCRIPTION--
RedisLock::lockShared(): a reader killed with SIGKILL keeps its share until its
own $expire (1 s), then it is gone, while a reader with a longer $expire keeps
its own share and lifetime (its promotion fails before, succeeds after)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$survivor = new RedisLock(rl_dsn());
$survivor->isLocked($name); // connected

$victim = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $before = microtime(true);
    $ok = $lock->lockShared($name, 0, 1);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f', $ok ? 'shared' : 'busy', $before));
    sleep(30);
    return 10;
});
[$state, $before] = sem_report($raw, $ready);
var_dump($state);
$deadline = $before + 1.0;
var_dump($survivor->lockShared($name, 0, 30));
l4_signal($victim, 'KILL');
echo implode(',', l4_wait([$victim], 5)), "\n";
var_dump(sh_count($raw, $name));

/* Before the victim's deadline: its share still counts. */
while (microtime(true) < $deadline - 0.5) {
    usleep(2000);
}
var_dump($survivor->lock($name, 0));
var_dump($survivor->isLocking($name), sh_count($raw, $name));

/* After it: the survivor is alone, its own lifetime untouched. */
while (microtime(true) < $deadline + 0.15) {
    usleep(2000);
}
$ttl = $survivor->ttl($name);
echo 'the survivor keeps its 30 s: ', sem_yes($ttl !== null && $ttl > 27 && $ttl <= 30, $ttl), "\n";
var_dump($survivor->isLocking($name));
var_dump($survivor->lock($name, 0));
var_dump(is_int($survivor->fencingToken($name)));
var_dump($survivor->unlock($name), $raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready);
?>
--EXPECT--
string(6) "shared"
bool(true)
-1
int(2)
bool(false)
bool(true)
int(2)
the survivor keeps its 30 s: yes
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
