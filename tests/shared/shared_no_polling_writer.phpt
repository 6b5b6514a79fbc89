--TEST--
RedisLock::lock(): a writer waiting 3 s behind two readers that hold for 10 s does not poll: it blocks on the server and sends no more than 6 commands
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$r1 = new RedisLock(rl_dsn());
$r2 = new RedisLock(rl_dsn());
var_dump($r1->lockShared($name, 0, 10), $r2->lockShared($name, 0, 10));
var_dump((new RedisLock(rl_dsn()))->lock($name, 0.05));

$monitor = rl_monitor();
$pid = l4_fork(function () use ($name) {
    $waiter = new RedisLock(rl_dsn());
    $start = microtime(true);
    $got = $waiter->lock($name, 3, 15);
    $elapsed = microtime(true) - $start;
    return !$got && $elapsed > 2.9 ? 0 : 10;
});
echo implode(',', l4_wait([$pid], l4_bound(30))), "\n";
$seen = rl_monitor_read($monitor);
fclose($monitor);
sem_print_polling(sem_commands_by_client($seen, $name));
var_dump($r1->unlock($name), $r2->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
0
connections that spoke about the name: 1
it blocked in BLPOP: yes
at most 6 commands: yes
at most 2 BLPOP: yes
bool(true)
bool(true)
