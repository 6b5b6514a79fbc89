--TEST--
RedisSemaphore::acquire(): a waiter blocked for 3 s behind permits held for 10 s does not poll: it blocks on the server and sends no more than 6 commands
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$holder = sem_new();
$t = $holder->acquire($name, 2, 0, 10, 2);
var_dump(is_string($t));
/* A short wait first, so that the server knows the scripts. */
var_dump(sem_new()->acquire($name, 2, 0.05));

$monitor = rl_monitor();
$pid = l4_fork(function () use ($name) {
    $sem = sem_new();
    $start = microtime(true);
    $got = $sem->acquire($name, 2, 3, 15);
    $elapsed = microtime(true) - $start;
    return $got === false && $elapsed > 2.9 ? 0 : 10;
});
echo implode(',', l4_wait([$pid], l4_bound(30))), "\n";
$seen = rl_monitor_read($monitor, only: $name);   // the lines of the connections that name it
fclose($monitor);
sem_print_polling(sem_commands_by_client($seen, $name));
var_dump($holder->release($name, $t));
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
