--TEST--
RedisLock::inspect() of a contended lock counts the processes waiting behind the holder and how long the first has waited; a waiter that is killed stops counting once its alive mark lapses
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$holder = new RedisLock(rl_dsn());
$holder->lock($name, 0, 30);
$children = [];
for ($i = 0; $i < 2; $i++) {
    $children[] = l4_spawn('$l = new RedisLock(rl_dsn()); echo "waiting\n"; $l->lock(' . var_export($name, true) . ', 20); echo "took\n"; sleep(20);');
    echo l4_read_line($children[$i][1]), "\n";
}
var_dump(l4_until(fn () => $holder->inspect($name)['waiters'] === 2));
usleep(400000);
$seen = $holder->inspect($name);
var_dump($seen['holders'], $seen['waiters'], $seen['oldest_wait'] >= 0.4 && $seen['oldest_wait'] < 20);   // seconds, not ms: no waiter is older than its 20 s timeout
l4_signal($children[1][2], 'KILL');
var_dump(l4_until(fn () => $holder->inspect($name)['waiters'] === 1, 6.0));
foreach ($children as [$proc, $pipe, $pid]) {
    l4_signal($pid, 'KILL');
    proc_close($proc);
}
$holder->unlock($name);
?>
--EXPECT--
waiting
waiting
bool(true)
int(1)
int(2)
bool(true)
bool(true)
