--TEST--
RedisSemaphore::inspect(): the permits, holders and waiters of a semaphore, and never a token
--DESCRIPTION--
RedisSemaphore::inspect(): null for a free name; with several holders and
waiters the permits held, the acquisitions, each one's seconds left (longest
first), the live waiters and how long the first has waited; no token nor part of
its random digits is returned; held_by names this process for both holds
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sem = sem_new();
var_dump($sem->inspect($name));
$acquiring = microtime(true);
/* Lifetimes of 30 s and 20 s: both outlast starting the waiters on a loaded machine. */
$tokens = [$sem->acquire($name, 3, 0, 30, 2), $sem->acquire($name, 3, 0, 20, 1)];
$children = [];
for ($i = 0; $i < 2; $i++) {
    $children[] = l4_spawn('$s = new RedisSemaphore(rl_dsn()); echo "waiting\n"; $s->acquire(' . var_export($name, true) . ', 3, 20, 15); sleep(20);');
    echo l4_read_line($children[$i][1], 30), "\n";
}
var_dump(l4_until(fn () => $sem->inspect($name)['waiters'] === 2, 30));
usleep(300000);
$seen = $sem->inspect($name);
/* The lifetimes left: what the time since the acquisitions, on this host's clock, allows,
 * less 2 ms: the server keeps a deadline in whole milliseconds, and answers the time left
 * in whole milliseconds too (the bound is otherwise as tight as the clock). */
$since = microtime(true) - $acquiring + 0.002;
var_dump(array_keys($seen), $seen['held'], $seen['holders'], count($seen['ttls']), $seen['waiters']);
var_dump($seen['held_by'] === [gethostname() . ':' . getmypid(), gethostname() . ':' . getmypid()]);
var_dump($seen['ttls'][0] >= 30.0 - $since && $seen['ttls'][0] <= 30.0, $seen['ttls'][1] >= 20.0 - $since && $seen['ttls'][1] <= 20.0);
/* Seconds (not ms): no waiter is older than its 20 s timeout. */
var_dump($seen['oldest_wait'] >= 0.3 && $seen['oldest_wait'] < 20);
$out = var_export([$seen, $sem->names(null, 10000)], true);
$leaks = [];
foreach ($tokens as $t) {
    $hex = substr($t, strpos($t, ':') + 1, 32);
    for ($i = 0; $i + 8 <= strlen($hex); $i++) {
        if (str_contains($out, substr($hex, $i, 8))) {
            $leaks[] = substr($hex, $i, 8);
        }
    }
}
var_dump($leaks);
foreach ($children as [$proc, $pipe, $pid]) {
    l4_signal($pid, 'KILL');
    proc_close($proc);
}
foreach ($tokens as $t) {
    $sem->release($name, $t);
}
var_dump(l4_until(fn () => $sem->inspect($name) === null, 30.0));
?>
--EXPECT--
NULL
waiting
waiting
bool(true)
array(6) {
  [0]=>
  string(4) "held"
  [1]=>
  string(7) "holders"
  [2]=>
  string(4) "ttls"
  [3]=>
  string(7) "waiters"
  [4]=>
  string(11) "oldest_wait"
  [5]=>
  string(7) "held_by"
}
int(3)
int(2)
int(2)
int(2)
bool(true)
bool(true)
bool(true)
bool(true)
array(0) {
}
bool(true)
