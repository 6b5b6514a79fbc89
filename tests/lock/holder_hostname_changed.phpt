--TEST--
The default label follows the host name: a process whose host name changes (a UTS namespace renamed, a host renamed) names its later holds by the new name, locks and semaphores
--SKIPIF--
<?php
if (!is_executable('/usr/bin/unshare')) die('skip needs unshare');
exec('/usr/bin/unshare -u /bin/true 2>/dev/null', $out, $rc);
if ($rc !== 0) die('skip no UTS namespace of its own (needs root)');
?>
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$n = rl_name();
$code = 'require_once ' . var_export(__DIR__ . '/../harness/redislock_test.inc', true) . ';
$lock = new RedisLock(rl_dsn());
$sem = new RedisSemaphore(rl_dsn());
$n = ' . var_export($n, true) . ';
exec("hostname before-rename");
$lock->lock("$n:a", 0, 30);
exec("hostname after-rename");
$lock->lock("$n:b", 0, 30);
$p = $sem->acquire($n, 5, 0, 30);
echo json_encode([gethostname(), $lock->inspect("$n:a")["held_by"], $lock->inspect("$n:b")["held_by"], $sem->inspect($n)["held_by"], getmypid()]);
$lock->unlockAll();
$sem->release($n, $p);';
$cmd = rl_php_command(rl_php_file($code));
$proc = proc_open(array_merge(['/usr/bin/unshare', '-u'], $cmd), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
proc_close($proc);
[$host, $a, $b, $s, $pid] = json_decode($out, true) ?? [null, null, null, null, null];
echo json_encode([$host, $a === ["before-rename:$pid"], $b === ["after-rename:$pid"], $s === ["after-rename:$pid"]]), "\n";
?>
--EXPECT--
["after-rename",true,true,true]
