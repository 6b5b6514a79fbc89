--TEST--
RedisLock::lockShared(): a reader waiting 3 s behind a writer that holds for 10 s does not poll: it blocks on the server and sends no more than 6 commands
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 10));
/* A short wait first, so that the server knows the scripts (the one-time EVAL
 * fallback for an unknown script is not what is counted). */
var_dump((new RedisLock(rl_dsn()))->lockShared($name, 0.05));

$monitor = rl_monitor();
$pid = l4_fork(function () use ($name) {
    $waiter = new RedisLock(rl_dsn());
    $start = microtime(true);
    $got = $waiter->lockShared($name, 3, 15);
    $elapsed = microtime(true) - $start;
    return !$got && $elapsed > 2.9 ? 0 : 10;
});
echo implode(',', l4_wait([$pid], l4_bound(30))), "\n";
$seen = rl_monitor_read($monitor);
fclose($monitor);
sem_print_polling(sem_commands_by_client($seen, $name));
var_dump($holder->unlock($name));
?>
--EXPECT--
bool(true)
bool(false)
0
connections that spoke about the name: 1
it blocked in BLPOP: yes
at most 6 commands: yes
at most 2 BLPOP: yes
bool(true)
