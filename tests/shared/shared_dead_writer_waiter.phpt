--TEST--
RedisLock::lock(): a writer queued behind a reader and killed with SIGKILL leaves the queue by itself within a few seconds; a reader that arrived after it then gets in
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$reader = new RedisLock(rl_dsn());
var_dump($reader->lockShared($name, 0, 30));
$dead = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'writer');
    $lock->lock($name, 20, 15);
    return 10;
});
sem_report($raw, $ready);
sh_settle($raw, $name, 1);
l4_signal($dead, 'KILL');
$killed = microtime(true);
echo implode(',', l4_wait([$dead], 5)), "\n";
$late = new RedisLock(rl_dsn());
var_dump($late->lockShared($name, l4_bound(9), 15));
$after = microtime(true) - $killed;
echo 'within a few seconds: ', sem_yes($after < l4_bound(8), $after), "\n";
var_dump(sh_count($raw, $name));
var_dump($late->unlock($name), $reader->unlock($name), $raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready);
?>
--EXPECT--
bool(true)
-1
bool(true)
within a few seconds: yes
int(2)
bool(true)
bool(true)
int(0)
