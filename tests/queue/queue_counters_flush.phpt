--TEST--
RedisQueue counters of acks: a worker sends them in the write of its next reserve() a second later, at its stats() or its end; never a parent's by a fork, never twice
--DESCRIPTION--
On a server of the test's own (the socket reads it counts are this test's),
both layouts, with deferred acks as the frameworks' workers send them:
- three runs acked: the first counted by its own ack's script (an object's
  first ack, and then one a second, counts itself), the others kept (another
  object's stats() reads fewer than three, how many depending on how long the
  calls took);
- a reserve() a second later sends the counts in its own write: the server
  reads that call as many times as the same call within the second (no round
  trip of their own), and the runs are counted;
- a forked child inherits the object with counts kept: at its end it sends
  none of them; the parent's stats() sends them once;
- the counts go in a reserve() whose reply is lost (the server stalled past the
  read timeout): the server adds them once if it read that write, and the next
  calls do not send them again;
- the object's end sends what it kept, also when the object is still alive at
  the request's end (a static, a closure pcntl_signal() keeps, a cycle);
- a process that reserves and acks one job (zset layout) and ends: its ack
  counted itself, the end sends nothing (no command more than an object's end
  that acked nothing).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer(['--enable-debug-command', 'local']);
$raw = $srv->raw();
$reads = function () use ($raw): int {
    preg_match('/total_reads_processed:(\d+)/', $raw->call('INFO', 'stats'), $m);
    return (int) $m[1];
};
// Commands, not reads, where objects end: the server's read of a closed
// connection's end counts as a read, whenever its event loop gets to it.
$commands = function () use ($raw): int {
    preg_match('/total_commands_processed:(\d+)/', $raw->call('INFO', 'stats'), $m);
    return (int) $m[1];
};
$processed = function (string $name) use ($srv): int {
    return (new RedisQueue($srv->options()))->stats($name)['counts']['processed'];
};
// The scripts loaded, as a worker's server has them after its first calls (a
// first EVALSHA of a script the server lacks costs one more round trip, EVAL).
$raw->call('SCRIPT', 'LOAD', rq_script_body('count_add'));
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = new RedisQueue($srv->options(['read_timeout' => 0.3]));
    $q->enqueue($name, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    for ($i = 0; $i < 3; $i++) {
        $t = $q->reserve($name, 1, 60);
        if ($i < 2) {
            $q->ack($name, $t['id'], $t['receipt'], true);
        }
    }
    $q->ack($name, $t['id'], $t['receipt'], true);
    $before = $reads();
    $t = $q->reserve($name, 1, 60);                 // d, within the second: sends the third ack, no counts
    $plain = $reads() - $before;
    $kept = $processed($name);
    usleep(1100000);
    $q->ack($name, $t['id'], $t['receipt'], true);
    $before = $reads();
    $t = $q->reserve($name, 1, 60);                 // e; the ack of d and the counts of a, b, c (and d)
    $with = $reads() - $before;
    $sent = $processed($name);
    // Within the second some counts were kept (how many depends on how long the
    // calls took); a second later all are counted, each once, in the call's own write.
    rq_check($kept >= 1 && $kept <= 3 && $sent === 4 && $with === $plain, "$layout: counts kept, then sent in the write of a reserve() a second later", [$kept, $sent, $plain, $with]);

    // A forked child's end sends none of its parent's counts.
    $q->ack($name, $t['id'], $t['receipt']);      // e, acked at once
    $status = rl_fork(1, function () use ($q, $name) {
        $q->stats($name);                           // would send kept counts first; then its end
        return 0;
    });
    $q->stats($name);                               // the parent's counts, sent once
    $all = $processed($name);
    rq_check($status === [0] && $all === 5, "$layout: a forked child sends none of its parent's counts", [$status, $all]);

    // The counts go in a reserve() whose reply is lost: added once, never again.
    $t = $q->reserve($name, 1, 60);                 // f
    $q->ack($name, $t['id'], $t['receipt']);
    usleep(1100000);
    $stall = $srv->stall(1.0);
    try {
        $q->reserve($name, 1, 60);
        echo "$layout: answered\n";
    } catch (RedisLockException $e) {
        echo "$layout: ", get_class($e), "\n";
    }
    rl_stall_wait($stall);
    $q->reserve($name, 1, 60);
    $q->stats($name);
    $after = $processed($name);
    // f's count went with its own ack's script, or in the write whose reply was
    // lost: the server then added it if it read that write, once; never again.
    $q->reserve($name, 1, 60);
    $q->stats($name);
    rq_check(($after === 6 || $after === 5) && $processed($name) === $after, "$layout: the counts of a send whose reply was lost added once at most", $after);

    // The object's end sends what it kept.
    $t = $q->reserve($name, 1, 60);
    if ($t !== false) {
        $q->ack($name, $t['id'], $t['receipt']);
    }
    $expect = $after + ($t !== false ? 1 : 0);
    unset($q);
    rq_check($processed($name) === $expect, "$layout: the object's end sends its counts", [$processed($name), $expect]);
}
// One job, then the end: the ack counted itself; the end sends nothing.
$name = rl_name('one');
$q = new RedisQueue($srv->options());
$q->enqueue($name, ['x', 'y']);
$idle = new RedisQueue($srv->options());
$idle->size($name);
$before = $commands();
unset($idle);
$nothing = $commands() - $before;
$t = $q->reserve($name, 1, 60);
$q->ack($name, $t['id'], $t['receipt']);
$before = $commands();
unset($q);
$end = $commands() - $before;
rq_check($end === $nothing && $processed($name) === 1, 'one job per process: counted by its ack, nothing sent at the end', [$end, $nothing]);
// An object still alive at the request's end (a static, a closure kept by
// pcntl_signal(), a cycle): its kept counts are sent then, on both layouts.
foreach (['zset', 'stream'] as $layout) {
    foreach (['static', 'closure', 'cycle'] as $held) {
        $name = rl_name("$layout-$held");
        $q = new RedisQueue($srv->options());
        $q->enqueue($name, ['a', 'b', 'c']);
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $code = '$w = new RedisQueue(["host" => "127.0.0.1", "port" => ' . $srv->port . ']); $n = ' . var_export($name, true) . ';'
            . 'for ($i = 0; $i < 3; $i++) { $t = $w->reserve($n, 1, 60); $w->ack($n, $t["id"], $t["receipt"], true); }'
            . match ($held) {
                'static' => 'class Keep { public static $w; } Keep::$w = $w; unset($w);',
                'closure' => 'pcntl_signal(SIGUSR1, function () use ($w) {}); unset($w);',
                'cycle' => '$o = new stdClass; $o->self = $o; $o->w = $w; unset($w, $o);',
            };
        exec(escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg(rq_extension_path()) . ' -r ' . escapeshellarg($code) . ' 2>&1', $out, $status);
        $size = $q->size($name);
        rq_check($status === 0 && $processed($name) === 3 && $size['inflight'] === 0 && $size['due'] === 0,
            "$layout, held by a $held at the end: its acks and their counts sent", [$status, $out, $processed($name), $size]);
    }
}
?>
--EXPECT--
ok: zset: counts kept, then sent in the write of a reserve() a second later
ok: zset: a forked child sends none of its parent's counts
zset: RedisLockTimeoutException
ok: zset: the counts of a send whose reply was lost added once at most
ok: zset: the object's end sends its counts
ok: stream: counts kept, then sent in the write of a reserve() a second later
ok: stream: a forked child sends none of its parent's counts
stream: RedisLockTimeoutException
ok: stream: the counts of a send whose reply was lost added once at most
ok: stream: the object's end sends its counts
ok: one job per process: counted by its ack, nothing sent at the end
ok: zset, held by a static at the end: its acks and their counts sent
ok: zset, held by a closure at the end: its acks and their counts sent
ok: zset, held by a cycle at the end: its acks and their counts sent
ok: stream, held by a static at the end: its acks and their counts sent
ok: stream, held by a closure at the end: its acks and their counts sent
ok: stream, held by a cycle at the end: its acks and their counts sent
