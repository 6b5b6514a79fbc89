--TEST--
RedisLock::inspect() of a lock handed to its first waiter that has not taken it up yet (the waiter is stopped): holders 0, promised true, and a ttl; once the waiter runs again it holds it
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$holder = new RedisLock(rl_dsn());
$holder->lock($name, 0, 30);
[$proc, $pipe, $pid] = l4_spawn('$l = new RedisLock(rl_dsn()); echo "waiting\n"; var_dump($l->lock(' . var_export($name, true) . ', 20)); sleep(20);');
echo l4_read_line($pipe), "\n";
var_dump(l4_until(fn () => $holder->inspect($name)['waiters'] === 1));
l4_signal($pid, 'STOP');
$holder->unlock($name);
$seen = $holder->inspect($name);
var_dump($seen['holders'], $seen['promised'], $seen['ttl'] !== null && $seen['ttl'] > 0);
l4_signal($pid, 'CONT');
echo l4_read_line($pipe), "\n";
$seen = $holder->inspect($name);
var_dump($seen['holders'], $seen['promised'], $seen['waiters']);
l4_signal($pid, 'KILL');
proc_close($proc);
?>
--EXPECT--
waiting
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(1)
bool(false)
int(0)
