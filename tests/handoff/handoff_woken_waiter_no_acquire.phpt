--TEST--
RedisLock::lock(): a waiter woken by unlock() takes the lock with one command
--DESCRIPTION--
RedisLock::lock(): a waiter woken by unlock() takes the lock with one command,
the confirmation of the promise the unlock made it (EVALSHA on the lock key);
its next command is the caller's own next call
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());

/* The scripts involved known to the server before watching: a first EVALSHA
 * answered NOSCRIPT is not what is looked at. */
$warm = rl_name(':warm');
var_dump($holder->lock($warm, 0, 5));
var_dump((new RedisLock(rl_dsn()))->lock($warm, 0.05));
var_dump($holder->unlock($warm));
var_dump($holder->lock($name, 0, 30));

$monitor = rl_monitor();
$waiter = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    if (!$lock->lock($name, l4_bound(5), 15)) {
        return 10;
    }
    /* The caller's next call on this connection: a look at another name. */
    $lock->isLocked("$name:after");
    return $lock->unlock($name) ? 0 : 11;
});
$raw->call('BLPOP', $ready, '5');
var_dump(ho_until_queued($raw, $name, 1));
usleep(50000);
var_dump($holder->unlock($name));
echo implode(',', l4_wait([$waiter], l4_bound(10))), "\n";
$seen = rl_monitor_read($monitor);
fclose($monitor);

/* The waiter's connection: the one that blocked in BLPOP on this name. */
$commands = ho_client_commands($seen, $key);
$client = null;
foreach ($commands as $c) {
    if ($c['args'][0] === 'BLPOP') {
        $client = $c['client'];
    }
}
var_dump($client !== null);
$mine = array_values(array_filter($commands, fn ($c) => $c['client'] === $client));
$last = null;
foreach ($mine as $i => $c) {
    if ($c['args'][0] === 'BLPOP') {
        $last = $i;
    }
}
$after = array_slice($mine, $last + 1);
$names = ["$key:after" => 'KEY:after', $key => 'KEY'];
echo "after its last BLPOP: ", implode(' | ', array_map(fn ($c) => $c['args'][0] . ' ' . ho_show(in_array($c['args'][0], ['EVALSHA', 'EVAL'], true) ? [$c['args'][3] ?? ''] : array_slice($c['args'], 1), $names), $after)), "\n";
var_dump(isset($after[1]) && str_contains(implode(' ', $after[1]['args']), "$name:after"));
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready);
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
0
bool(true)
after its last BLPOP: EVALSHA KEY | EVALSHA KEY:after | EVALSHA KEY
bool(true)
int(0)
