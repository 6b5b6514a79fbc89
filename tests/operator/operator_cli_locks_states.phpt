--TEST--
redislock inspect and locks: every state of a lock (free, exclusive, shared, contended, promised) is shown, as text and as --json
--DESCRIPTION--
inspect shows each state, and locks lists every held or awaited lock with the
same state, as text and as --json:
- a free lock (exit 1, "free");
- one held exclusively (ttl, fencing number);
- one held shared by two;
- one contended (waiters, the first one's wait);
- one promised to a stopped waiter by its holder's unlock;
- one whose holder's lifetime ran out while its waiter was stopped.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$prefix = op_prefix('OpL');
$dsn = rl_dsn() . '?prefix=' . rawurlencode($prefix);
$a = new RedisLock($dsn);
$b = new RedisLock($dsn);

$r = op_json(['inspect', 'free', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['json'] === ['name' => 'free', 'kind' => 'lock', 'free' => true, 'state' => null], 'a free lock: exit 1, free, no state', $r);
$r = op_cli(['inspect', 'free', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['stdout'] === "lock free is free: nobody holds it, nobody waits\n", 'and as text', $r);

/* Lifetimes of 90 s and more: they must outlast the contended scenario below, played
 * up to 3 times on a loaded machine. */
$token = $a->addLock('excl', 90);
$fencing = (int) $token;
$r = op_json(['inspect', 'excl', '--prefix', $prefix]);
$s = $r['json']['state'] ?? [];
rq_check($r['status'] === 0 && array_keys($s) === ['mode', 'holders', 'held_by', 'ttl', 'waiters', 'oldest_wait', 'fencing', 'promised']
    && $s['held_by'] === op_held_by($a->inspect('excl')), 'held: exit 0, the fixed keys, held_by as the extension tells it (null: it does not)', $r);
rq_check($s['mode'] === 'exclusive' && $s['holders'] === 1 && $s['ttl'] > 85 && $s['ttl'] <= 90 && $s['waiters'] === 0
    && $s['oldest_wait'] === null && $s['fencing'] === $fencing && $s['promised'] === false, 'held: exclusive, one holder, its ttl and fencing number, nobody waits', $s);
$r = op_cli(['inspect', 'excl', '--prefix', $prefix]);
rq_check($r['status'] === 0 && preg_match('/^mode:\s+exclusive$/m', $r['stdout']) && preg_match('/^ttl:\s+(8[5-9]|90)\.\d{3}s$/m', $r['stdout'])
    && preg_match('/^fencing:\s+' . $fencing . '$/m', $r['stdout']) && preg_match('/^promised:\s+no$/m', $r['stdout']), 'held, as text', $r);

$a->lockShared('shared', 0, 90);
$b->lockShared('shared', 0, 100);
$r = op_json(['inspect', 'shared', '--prefix', $prefix]);
$s = $r['json']['state'];
rq_check($s['mode'] === 'shared' && $s['holders'] === 2 && $s['ttl'] > 95 && $s['ttl'] <= 100 && $s['fencing'] === null, 'shared by two: mode shared, 2 holders, the longest share\'s ttl, no fencing number', $s);

/* The holder unlocks while its only waiter is stopped: the lock is promised to that
 * waiter, held by nobody, for as long as the waiter's alive mark lasts (2.5 s from its
 * last refresh). The three listings below must all fall within that: on a loaded
 * machine, where starting the command takes longer, the scenario is played again
 * (up to 3 times) when they did not (by the server's clock). */
$raw = new RawRedis();
for ($try = 1; ; $try++) {
    $a->lock('contended', 0, 30);
    $child = l4_spawn('$l = new RedisLock(' . var_export($dsn, true) . '); echo "waiting\n"; $l->lock("contended", 20, 30); echo "took\n"; sleep(20);');
    $said = l4_read_line($child[1], 30.0);
    $waits = l4_until(fn () => ($a->inspect('contended')['waiters'] ?? 0) === 1, 30.0);
    usleep(300000);
    $contended = op_json(['inspect', 'contended', '--prefix', $prefix]);
    l4_signal($child[2], 'STOP');
    $t0 = rq_server_time($raw);
    $a->unlock('contended');
    $promised = op_json(['inspect', 'contended', '--prefix', $prefix]);
    $r = op_json(['locks', '--prefix', $prefix]);
    $table = op_cli(['locks', '--prefix', $prefix]);
    if (rq_server_time($raw) - $t0 < 2.0 || $try === 3) {
        break;
    }
    l4_signal($child[2], 'KILL');
    proc_close($child[0]);
    $a->forceUnlock('contended');
    l4_until(fn () => ($a->inspect('contended')['waiters'] ?? 0) === 0, 30.0);
}
echo $said, "\n";
rq_check($waits, 'the child waits');
$s = $contended['json']['state'];
rq_check($s['holders'] === 1 && $s['waiters'] === 1 && $s['oldest_wait'] >= 0.3 && $s['oldest_wait'] < 20 && $s['promised'] === false, 'contended: one holder, one waiter, its wait', $s);
$s = $promised['json']['state'];
rq_check($promised['status'] === 0 && $s['holders'] === 0 && $s['promised'] === true && $s['ttl'] > 0, 'promised to the stopped waiter: exit 0, no holder, promised, a ttl to take it up', $s);

$rows = [];
foreach ($r['json']['locks'] ?? [] as $row) {
    $rows[$row['name']] = $row;
}
rq_check($r['status'] === 0 && array_keys($rows) === ['contended', 'excl', 'shared'], 'locks --json: every held or awaited lock, sorted', $r);
rq_check(array_keys($rows['excl']) === ['name', 'mode', 'holders', 'held_by', 'ttl', 'waiters', 'oldest_wait', 'fencing', 'promised'] && $rows['excl']['fencing'] === $fencing
    && $rows['shared']['holders'] === 2 && $rows['contended']['promised'] === true, 'each with its state', $rows);
$r = $table;
$lines = explode("\n", rtrim($r['stdout']));
rq_check($r['status'] === 0 && count($lines) === 4 && preg_match('/^NAME\s+MODE\s+HOLDERS\s+HELD BY\s+TTL\s+WAITERS\s+OLDEST WAIT\s+FENCING\s+PROMISED$/', $lines[0])
    && preg_match('/^contended\s+exclusive\s+0\s+-\s+\d+\.\d{3}s\s+1\s+\d+\.\d{3}s\s+\S+\s+yes$/', $lines[1])
    && preg_match('/^excl\s+exclusive\s+1\s+' . op_held_by_cell($a->inspect('excl')) . '\s+\d+\.\d{3}s\s+0\s+-\s+' . $fencing . '\s+no$/', $lines[2])
    && preg_match('/^shared\s+shared\s+2\s+' . op_held_by_cell($a->inspect('shared')) . '\s+\d+\.\d{3}s\s+0\s+-\s+-\s+no$/', $lines[3]), 'locks as a table, HELD BY as the extension tells it (-: it does not)', $lines);

// The holder's lifetime runs out while its waiter is stopped: nobody holds it,
// the waiter is still counted, until it runs again and takes it.
$a->lock('expired', 0, 30);
$child2 = l4_spawn('$l = new RedisLock(' . var_export($dsn, true) . '); echo "waiting\n"; $l->lock("expired", 20, 30); echo "took\n"; sleep(20);');
echo l4_read_line($child2[1]), "\n";
rq_check(l4_until(fn () => ($a->inspect('expired')['waiters'] ?? 0) === 1), 'the second child waits');
l4_signal($child2[2], 'STOP');
$a->expire('expired', 0.1);
usleep(250000);
$r = op_json(['inspect', 'expired', '--prefix', $prefix]);
$s = $r['json']['state'];
rq_check($r['status'] === 0 && $s['holders'] === 0 && $s['ttl'] === null && $s['waiters'] === 1 && $s['promised'] === false, 'expired with a waiter: exit 0, no holder, no ttl, one waiter', $s);
l4_signal($child2[2], 'CONT');
echo l4_read_line($child2[1]), "\n";
$r = op_json(['inspect', 'expired', '--prefix', $prefix]);
rq_check($r['json']['state']['holders'] === 1 && $r['json']['state']['waiters'] === 0, 'the waiter runs again and holds it', $r['json']);
l4_signal($child2[2], 'KILL');
proc_close($child2[0]);
l4_signal($child[2], 'CONT');
echo l4_read_line($child[1]), "\n";
l4_signal($child[2], 'KILL');
proc_close($child[0]);
$r = op_json(['locks', '--prefix', op_prefix('OpNone')]);
rq_check($r['status'] === 1 && $r['json'] === ['locks' => [], 'errors' => []], 'no lock under a prefix: an empty list, no errors, exit 1', $r);
$r = op_cli(['locks', '--prefix', op_prefix('OpNone')]);
rq_check($r['status'] === 1 && $r['stdout'] === "no lock is held or awaited\n" && $r['stderr'] === '', 'and as text: exit 1', $r);
?>
--EXPECT--
ok: a free lock: exit 1, free, no state
ok: and as text
ok: held: exit 0, the fixed keys, held_by as the extension tells it (null: it does not)
ok: held: exclusive, one holder, its ttl and fencing number, nobody waits
ok: held, as text
ok: shared by two: mode shared, 2 holders, the longest share's ttl, no fencing number
waiting
ok: the child waits
ok: contended: one holder, one waiter, its wait
ok: promised to the stopped waiter: exit 0, no holder, promised, a ttl to take it up
ok: locks --json: every held or awaited lock, sorted
ok: each with its state
ok: locks as a table, HELD BY as the extension tells it (-: it does not)
waiting
ok: the second child waits
ok: expired with a waiter: exit 0, no holder, no ttl, one waiter
took
ok: the waiter runs again and holds it
took
ok: no lock under a prefix: an empty list, no errors, exit 1
ok: and as text: exit 1
