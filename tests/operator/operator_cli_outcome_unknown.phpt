--TEST--
redislock: a write command whose reply does not come in time says its outcome is unknown and exits 7
--DESCRIPTION--
force-unlock, retry-dead and purge-dead whose reply does not come in time (the
server stalled after the command was sent) say the outcome is unknown, that the
command may have run, and exit 7, not "cannot reach the Redis server"; the
server does run them once it wakes up

A server of the test's own answers the command's first, read-only call (one SCAN
step), and is paused for writes (CLIENT PAUSE WRITE): the destructive script is
sent and waits in the server. Once it waits there, a helper process lifts the
pause and puts the server to sleep for 2 s (DEBUG SLEEP, in the same write, so
the sleep comes first): the command's read_timeout of 0.5 s runs out, and the
server then runs the script. The command cannot know whether it ran: it says
so, with its own exit code.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'local']);
$raw = $server->raw();
$dsn = "redis://127.0.0.1:{$server->port}";
$lock = new RedisLock($dsn);
$q = new RedisQueue($dsn);
// Every script is in the server's cache before the pause: the one sent during it runs as it comes.
$lock->forceUnlock('warm');
$q->retryDead('warm');
$q->purgeDead('warm');
$lock->lock('stuck', 0, 60);
$q->enqueue('jobs', ['a', 'b', 'c', 'd']);
foreach (['a', 'b', 'c'] as $id) {
    $t = $q->reserve('jobs', 1, 30);
    $q->fail('jobs', $t['id'], $t['receipt']);
}
$runs = [
    'force-unlock' => [['force-unlock', 'stuck', '--yes'], fn () => $raw->call('EXISTS', 'Lock:stuck') === 0],
    'retry-dead' => [['retry-dead', 'jobs', 'a'], fn () => $q->stats('jobs')['dead'] === 2],
    'retry-dead --json' => [['retry-dead', 'jobs', 'b', '--json'], fn () => $q->stats('jobs')['dead'] === 1],
    'purge-dead' => [['purge-dead', 'jobs', '--yes'], fn () => $q->stats('jobs')['dead'] === 0],
];
foreach ($runs as $what => [$args, $ran]) {
    rq_check(!$ran(), "$what: not done yet");
    /* Paused until the command's script is seen held back, however long a loaded
     * machine takes to start the command (60 s only ends a run that went wrong). */
    $raw->call('CLIENT', 'PAUSE', '60000', 'WRITE');
    $helper = l4_spawn('$s = stream_socket_client("tcp://127.0.0.1:' . $server->port . '"); echo "watching\n";
        for ($deadline = microtime(true) + 60; microtime(true) < $deadline; usleep(5000)) {
            fwrite($s, "CLIENT LIST\r\n");
            $n = (int) substr(fgets($s), 1);
            for ($list = ""; strlen($list) < $n + 2; $list .= fread($s, $n + 2 - strlen($list)));
            if (preg_match("/ flags=b .* cmd=evalsha /", $list)) { break; }
        }
        fwrite($s, "CLIENT UNPAUSE\r\nDEBUG SLEEP 5\r\n"); fgets($s); fgets($s); echo "slept\n";');
    l4_read_line($helper[1], 30.0);
    $t0 = microtime(true);
    /* The server sleeps 5 s, ten times the read timeout: a command that gets its reply
     * (exit 0) waited for the server to wake up; exit 7 is the timeout's answer. */
    $r = op_cli($args, ['REDISLOCK_DSN' => "$dsn?read_timeout=0.5"], timeout: 90.0);
    $took = microtime(true) - $t0;
    rq_check($r['status'] === 7 && str_contains($r['stderr'], 'outcome unknown') && str_contains($r['stderr'], 'may have run')
        && !str_contains($r['stderr'], 'cannot reach'), "$what: outcome unknown, exit 7, before the server wakes up", [$r, $took]);
    if (in_array('--json', $args, true)) {
        $doc = json_decode($r['stdout'], true);
        rq_check(($doc['error']['exit_code'] ?? null) === 7 && str_contains($doc['error']['message'], 'outcome unknown'), "$what: the error document says so", $r);
    }
    l4_read_line($helper[1], 90.0);
    proc_close($helper[0]);
    rq_check(l4_until($ran, 30.0), "$what: the server ran it once it woke up");
}
$server->stop();
$r = op_cli(['force-unlock', 'stuck', '--yes'], ['REDISLOCK_DSN' => "$dsn?read_timeout=0.3"]);
rq_check($r['status'] === 3 && str_contains($r['stderr'], 'cannot reach the Redis server'), 'a server that is down: still "cannot reach", exit 3 (nothing was sent)', $r);
?>
--EXPECT--
ok: force-unlock: not done yet
ok: force-unlock: outcome unknown, exit 7, before the server wakes up
ok: force-unlock: the server ran it once it woke up
ok: retry-dead: not done yet
ok: retry-dead: outcome unknown, exit 7, before the server wakes up
ok: retry-dead: the server ran it once it woke up
ok: retry-dead --json: not done yet
ok: retry-dead --json: outcome unknown, exit 7, before the server wakes up
ok: retry-dead --json: the error document says so
ok: retry-dead --json: the server ran it once it woke up
ok: purge-dead: not done yet
ok: purge-dead: outcome unknown, exit 7, before the server wakes up
ok: purge-dead: the server ran it once it woke up
ok: a server that is down: still "cannot reach", exit 3 (nothing was sent)
