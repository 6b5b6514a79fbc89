--TEST--
RedisLock::lock(): a waiter does not poll: blocked for 3 s behind a lock held for 10 s, it sends the server no more than 6 commands
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 10));
/* A short wait first, so that the server knows the scripts of waiting and giving
 * up: the one-time EVAL fallback for an unknown script is not what is counted. */
var_dump((new RedisLock(rl_dsn()))->lock($name, 0.05));

$monitor = rl_monitor();
$start = microtime(true);
$pid = l4_fork(function () use ($name) {
    $waiter = new RedisLock(rl_dsn());
    /* 1 µs between tries, were the interval used: polling would be obvious. */
    $start = microtime(true);
    $got = $waiter->lock($name, 3, 15, 1);
    $elapsed = microtime(true) - $start;
    return !$got && $elapsed > 2.9 ? 0 : 10;
});
var_dump(l4_wait([$pid], l4_bound(30)));
$seen = rl_monitor_read($monitor, only: $name);   // the lines of the connections that name it
fclose($monitor);

/* Commands by client, leaving out those run inside scripts. */
$by_client = [];
$ours = [];
foreach (explode("\n", trim($seen)) as $line) {
    if (preg_match('/^\+[0-9.]+ \[\d+ ([^\]]+)\] "([^"]*)"/', $line, $m) && $m[1] !== 'lua') {
        $by_client[$m[1]][] = strtoupper($m[2]);
        if (str_contains($line, $name)) {
            $ours[$m[1]] = true;
        }
    }
}
/* Only the waiter spoke about our lock meanwhile, on one connection. */
var_dump(count($ours));
$commands = $ours ? $by_client[array_key_first($ours)] : [];
var_dump(in_array('BLPOP', $commands, true));
var_dump(count($commands) <= 6 ? 'at most 6 commands' : count($commands) . ' commands: ' . implode(' ', $commands));
var_dump(count(array_keys($commands, 'BLPOP')) <= 2 ? 'at most 2 BLPOP' : 'more BLPOP');

var_dump($holder->isLocking($name));
var_dump($holder->unlock($name));
?>
--EXPECT--
bool(true)
bool(false)
array(1) {
  [0]=>
  int(0)
}
int(1)
bool(true)
string(18) "at most 6 commands"
string(15) "at most 2 BLPOP"
bool(true)
bool(true)
