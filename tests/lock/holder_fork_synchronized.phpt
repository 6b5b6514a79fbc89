--TEST--
pcntl_fork() inside synchronized(): the child's holds name the child's pid or its label, and the parent's lock stays its own through the child's exit
--DESCRIPTION--
pcntl_fork() inside synchronized(): the child's own holds (lock, shared lock, semaphore; default label and holder option) name the child's pid or the label, the parent's lock stays its own (named by the parent) through the child's exit, and the parent releases it after the callback
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) echo 'skip pcntl'; ?>
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$lock = new RedisLock(rl_dsn());
$labelled = new RedisLock(rl_options(['holder' => 'job@{1}']));
$sem = new RedisSemaphore(rl_options(['auto_release' => false]));
$n = rl_name();
$me = gethostname() . ':' . getmypid();
$file = rl_env('REDISLOCK_TEST_TMP') . "/$n.child";
$out = $lock->synchronized("$n:outer", function () use ($lock, $labelled, $sem, $n, $file, $me) {
    $codes = rl_fork(1, function () use ($lock, $labelled, $sem, $n, $file) {
        $t = $lock->addLock("$n:child", 30);
        $s = $lock->addLock("$n:shared", 30, shared: true);
        $l = $labelled->addLock("$n:labelled", 30);
        $p = $sem->acquire("$n:sem", 3, 0, 30);
        file_put_contents($file, json_encode([getmypid(), $t, $s, $l, $p]));
        return 0;
    });
    [$pid, $t, $s, $l, $p] = json_decode(file_get_contents($file), true);
    unlink($file);
    $child = gethostname() . ":$pid";
    $r = [$codes, $pid !== getmypid(), $lock->inspect("$n:child")['held_by'] === [$child], $lock->inspect("$n:shared")['held_by'] === [$child],
        $lock->inspect("$n:labelled")['held_by'] === ['job@{1}'], $sem->inspect("$n:sem")['held_by'] === [$child],
        $lock->inspect("$n:outer")['held_by'] === [$me], $lock->isLocking("$n:outer")];
    $lock->releaseLock("$n:child", $t);
    $lock->releaseLock("$n:shared", $s);
    $lock->releaseLock("$n:labelled", $l);
    $sem->release("$n:sem", $p);
    return $r;
}, 0, 30);
echo json_encode($out), ' ', json_encode($lock->inspect("$n:outer")), "\n";
?>
--EXPECT--
[[0],true,true,true,true,true,true,true] null
