--TEST--
RedisLock and RedisSemaphore::inspect(): held_by names the holder of another process by its host name and pid ("<host>:<pid>"), for an exclusive lock, a shared lock and a semaphore's permits
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$names = [rl_name(), rl_name(), rl_name()];
$child = l4_spawn('$l = new RedisLock(rl_dsn()); $s = new RedisSemaphore(rl_dsn());
$n = ' . var_export($names, true) . ';
$ok = $l->lock($n[0], 0, 30) && $l->lockShared($n[1], 0, 30) && $s->acquire($n[2], 3, 0, 30) !== false;
echo json_encode([$ok, gethostname(), getmypid()]), "\n";
sleep(30);');
[$ok, $host, $pid] = json_decode(l4_read_line($child[1], 30), true);
$lock = new RedisLock(rl_dsn());
$sem = new RedisSemaphore(rl_dsn());
$them = "$host:$pid";
var_dump($ok, $pid !== getmypid());
var_dump($lock->inspect($names[0])['held_by'] === [$them]);
var_dump($lock->inspect($names[1])['held_by'] === [$them]);
var_dump($sem->inspect($names[2])['held_by'] === [$them]);
/* A second share, this process's: the one that ends last comes first. */
$lock->lockShared($names[1], 0, 60);
var_dump($lock->inspect($names[1])['held_by'] === [gethostname() . ':' . getmypid(), $them]);
l4_signal($child[2], 'KILL');
proc_close($child[0]);
$lock->forceUnlock($names[0]);
$lock->forceUnlock($names[1]);
var_dump($lock->inspect($names[0]));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
