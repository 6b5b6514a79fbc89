--TEST--
A lock's or semaphore's script drops at most 500 dead waiters per script: 5,000 dead waiters in a queue cost bounded scripts, and the live waiter behind them still gets the name
--DESCRIPTION--
Waiters that die leave their place in the queue until a script finds their alive
mark gone. 5,000 such places (ten times what one look at the head drops) are
written straight into the queues of a lock and a semaphore, as that many killed
waiters would leave them. Releasing, taking and inspecting the names, and the
live waiters queued behind them, run scripts; MONITOR, which logs every command
a script runs, shows how many dead waiters each script removed (ZREM of one of
the written ids; a script runs alone, so the commands between two client
commands are one script's): at most 500 per script, a lock's and a
semaphore's alike. The live waiters still get the
names. How long such a script runs on the server is a benchmark figure.
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$opts = rl_options();
$lock = new RedisLock($opts);
$sem = new RedisSemaphore($opts);
var_dump($lock->lock("$name:l", 0, 30));
$t = $sem->acquire("$name:s", 1, 0, 30);
$queues = ['l' => "{Lock:$name:l}:queue", 's' => "{Semaphore:$name:s}:queue"];
/* The queues as 5,000 killed waiters leave them: scores long past, no alive marks. */
$dead = 5000;
foreach ($queues as $queue) {
    for ($batch = 0; $batch < $dead / 1000; $batch++) {
        $args = ['ZADD', $queue];
        for ($i = 0; $i < 1000; $i++) {
            array_push($args, (string) ($batch * 1000 + $i + 1), sprintf('%032x', $batch * 1000 + $i));
        }
        $raw->call(...$args);
    }
}
/* From here on, every command the server runs (scripts' own ones too). */
$monitor = rl_monitor();
$lockWaiter = l4_fork(function () use ($opts, $name) {
    $w = new RedisLock($opts);
    return $w->lock("$name:l", 60, 5) && $w->unlock("$name:l") ? 0 : 3;
});
$semWaiter = l4_fork(function () use ($opts, $name) {
    $w = new RedisSemaphore($opts);
    $t = $w->acquire("$name:s", 1, 60, 5);
    return $t !== false && $w->release("$name:s", $t) ? 0 : 4;
});
/* Both waiters queued behind the dead: a live waiter's score is a time of today. */
var_dump(l4_until(fn() => $raw->call('ZCOUNT', $queues['l'], '1000000', '+inf') >= 1
    && $raw->call('ZCOUNT', $queues['s'], '1000000', '+inf') >= 1, 30));
var_dump($lock->inspect("$name:l") !== null, $sem->inspect("$name:s") !== null);
var_dump($lock->unlock("$name:l"), $sem->release("$name:s", $t));
echo implode(',', l4_wait([$lockWaiter, $semWaiter], 90)), "\n";
/* What MONITOR saw, read a line at a time up to a mark (as rl_monitor_read()
 * does, without keeping the text: the tests beside this one may have the server
 * log hundreds of MB meanwhile). The runs of commands scripts ran ("lua" lines
 * between two client commands): the dead ids each removed, summed and at most. */
$mark = 'wait-dead-mark:' . getmypid() . ':' . bin2hex(random_bytes(4));
$raw->call('ECHO', $mark);
$sum = ['l' => 0, 's' => 0];
$most = ['l' => 0, 's' => 0];
$run = null;
$buffer = '';
$marked = false;
$deadline = microtime(true) + 120;
stream_set_blocking($monitor, false);
while (!$marked && microtime(true) < $deadline) {
    $read = [$monitor];
    $write = $except = null;
    if (!stream_select($read, $write, $except, 0, 20000)) {
        continue;
    }
    $chunk = fread($monitor, 1 << 16);
    if ($chunk === false || ($chunk === '' && feof($monitor))) {
        break;
    }
    $lines = explode("\n", $buffer . $chunk);
    $buffer = array_pop($lines);
    foreach ($lines as $line) {
        if (!preg_match('/^\+[0-9.]+ \[\d+ ([^\]]+)\] (.*?)\r?$/', $line, $m)) {
            continue;
        }
        if ($m[1] !== 'lua') {
            if ($run !== null) {
                foreach ($run as $k => $n) {
                    $sum[$k] += $n;
                    $most[$k] = max($most[$k], $n);
                }
            }
            $run = null;
            if (str_contains($m[2], '"' . $mark . '"')) {
                $marked = true;
                break;
            }
            continue;
        }
        $run ??= ['l' => 0, 's' => 0];
        if (strncasecmp($m[2], '"zrem"', 6) !== 0) {
            continue;
        }
        preg_match_all('/"((?:[^"\\\\]|\\\\.)*)"/', $m[2], $a);
        $args = array_map('stripcslashes', $a[1]);
        foreach ($queues as $k => $q) {
            if (($args[1] ?? '') === $q && preg_match('/^0{24}/', $args[2] ?? '')) {
                $run[$k]++;
            }
        }
    }
}
fclose($monitor);
echo 'MONITOR read up to the mark: ', $marked ? 'yes' : 'no', "\n";
$lockMost = $most['l'];
$semMost = $most['s'];
echo 'dead lock waiters dropped: ', $sum['l'] >= 500 ? 'yes' : 'no', "\n";
echo 'dead semaphore waiters dropped: ', $sum['s'] >= 500 ? 'yes' : 'no', "\n";
echo 'a lock script dropped at most 500: ', $lockMost <= 500 ? 'yes' : "no ($lockMost)", "\n";
echo 'a semaphore script dropped at most 500: ', $semMost <= 500 ? 'yes' : "no ($semMost)", "\n";
$raw->call('DEL', "{Lock:$name:l}:queue", "{Semaphore:$name:s}:queue");
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
0,0
MONITOR read up to the mark: yes
dead lock waiters dropped: yes
dead semaphore waiters dropped: yes
a lock script dropped at most 500: yes
a semaphore script dropped at most 500: yes
