--TEST--
redislock and Metrics: no output, text or --json, ever carries a token or any 8-character piece of one
--DESCRIPTION--
No output of redislock, with or without --json, nor of Metrics, ever carries a
token: locks held exclusively (fenced and not), shared, contended, semaphore
permits and queue reservations are run through every subcommand, and no output
holds any token, its random part, or any 8-character piece of either (a fenced
token's leading fencing number alone is shown, as inspect() gives it). Of a
queue reservation's receipt on the stream layout (<entry id>/<consumer>/<deliveries>)
the consumer is the secret part: the entry id is the server's time of the
entry, which outputs may show as such. The consumer is not in the queue
object's debug info either, nor in the message of an exception a call with the
receipt throws.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
use RedisLock\Bridge\Operator\Metrics;

$lp = op_prefix('OpTL');
$sp = op_prefix('OpTS');
$qp = op_prefix('OpTQ');
$lockDsn = rl_dsn() . '?prefix=' . rawurlencode($lp);
$semDsn = rl_dsn() . '?prefix=' . rawurlencode($sp);
$l = new RedisLock($lockDsn);
$s = new RedisSemaphore($semDsn);
$q = rq_queue(['prefix' => $qp]);
$tokens = [];
$tokens[] = $l->addLock('fenced', 60);
$tokens[] = $l->addLock('plain', 60, 0, false, false);
$tokens[] = $l->addLock('shared', 60, 0, true);
$tokens[] = $l->addLock('shared', 60, 0, true);
$tokens[] = $l->addLock('contended', 60);
$tokens[] = $s->acquire('pool', 4, 0, 60, 2);
$tokens[] = $s->acquire('pool', 4, 0, 60, 2);
$q->migrate('jobs');                               // onto the stream layout
$q->enqueue('jobs', ['a', 'b', 'c']);
foreach ($q->reserve('jobs', 2, 60) as $t) {
    $tokens[] = $t['receipt'];
}
$t = $q->reserve('jobs', 1, 60);
$tokens[] = $t['receipt'];
$q->fail('jobs', 'c', $t['receipt']);
foreach ($tokens as $token) {
    rq_check(is_string($token) && strlen($token) >= 16, 'a token: ' . preg_replace('/[0-9a-f]/', 'x', (string) $token));
}
$waiter = l4_spawn('$l = new RedisLock(' . var_export($lockDsn, true) . '); echo "waiting\n"; $l->lock("contended", 20, 30); sleep(20);');
echo l4_read_line($waiter[1]), "\n";
rq_check(l4_until(fn () => ($l->inspect('contended')['waiters'] ?? 0) === 1), 'a waiter waits');

$runs = [];
$common = ['--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', $qp];
$calls = [
    ['locks'], ['locks', '--semaphore'], ['inspect', 'fenced'], ['inspect', 'plain'], ['inspect', 'shared'], ['inspect', 'contended'],
    ['inspect', 'pool', '--semaphore'], ['queues'], ['stats', 'jobs'], ['dead', 'jobs'], ['metrics'],
    ['retry-dead', 'jobs', 'nope'], ['force-unlock', 'missing', '--yes'], ['purge-dead', 'nothing', '--yes'],
];
foreach ($calls as $args) {
    foreach ([[], ['--json']] as $json) {
        $run = op_cli([...$args, ...$json, ...$common]);
        $runs[implode(' ', [...$args, ...$json])] = $run;
    }
}
$runs['Metrics::render'] = ['status' => 0, 'stdout' => Metrics::render(new RedisLock\Bridge\Operator\Inspector(rl_dsn(), $lp, $sp, $qp)), 'stderr' => ''];
$runs['Metrics::data'] = ['status' => 0, 'stdout' => json_encode(Metrics::data(new RedisLock\Bridge\Operator\Inspector(rl_dsn(), $lp, $sp, $qp))), 'stderr' => ''];
$failed = array_filter($runs, fn ($r) => !in_array($r['status'], [0, 1], true));
rq_check($failed === [], 'every call ran (exit 0 or 1)', $failed);
rq_check(str_contains($runs['locks --json']['stdout'], '"contended"') && str_contains($runs['inspect pool --semaphore']['stdout'], 'held:')
    && str_contains($runs['metrics']['stdout'], 'redislock_lock_waiters{lock="contended"} 1'), 'the outputs show the state');

$pieces = [];
foreach ($tokens as $token) {
    if (substr_count($token, '/') === 2) {
        /* A receipt of the stream layout, <entry id>/<consumer>/<deliveries>: its entry id
         * is a server timestamp outputs may show as a time; the consumer is the secret. */
        $token = explode('/', $token)[1];
    }
    $pieces[$token] = $token;
    $parts = explode(':', $token);
    usort($parts, fn ($a, $b) => strlen($b) <=> strlen($a));
    $pieces[$parts[0]] = $token;     // the random part
    $colon = strpos($token, ':');
    $lead = $colon !== false && preg_match('/^\d+$/', substr($token, 0, $colon)) ? $colon : 0;
    for ($i = 0; $i + 8 <= strlen($token); $i++) {
        if ($i + 8 <= $lead) {
            continue;   // wholly inside the fencing number or permit count
        }
        $pieces[substr($token, $i, 8)] = $token;
    }
}
$leaks = [];
foreach ($runs as $what => $run) {
    foreach ($pieces as $piece => $token) {
        if (str_contains($run['stdout'] . $run['stderr'], (string) $piece)) {
            $leaks[] = "$what: $piece";
        }
    }
}
rq_check($leaks === [], 'no token, nor any 8-character piece of one, in ' . count($runs) . ' outputs (' . count($pieces) . ' pieces)', array_slice($leaks, 0, 10));

/* The queue object's debug info, and an exception thrown by a call with a receipt. */
$consumer = explode('/', $t['receipt'])[1];
$shown = print_r($q, true) . var_export($q, true) . json_encode((array) $q);
ob_start();
var_dump($q);
$shown .= ob_get_clean();
(new RawRedis())->call('SET', '{' . $qp . 'broken}:index', 'not a hash');
try {
    $q->ack('broken', 'a', $t['receipt']);
    $thrown = 'nothing thrown';
} catch (RedisLockException $e) {
    $thrown = get_class($e) . ': ' . $e->getMessage();
}
rq_check(preg_match('/RedisLock\w*Exception: .*WRONGTYPE/', $thrown) === 1, 'a call on a key of another type throws', $thrown);
$seen = array_values(array_filter(array_map(fn ($i) => substr($consumer, $i, 8), range(0, strlen($consumer) - 8)),
    fn ($piece) => str_contains($shown . $thrown, $piece)));
rq_check(str_contains($shown, 'prefix') && $seen === [], 'the consumer id is in neither the debug info nor the exception', [$seen, $shown, $thrown]);
l4_signal($waiter[2], 'KILL');
proc_close($waiter[0]);
?>
--EXPECTF--
%A
waiting
ok: a waiter waits
ok: every call ran (exit 0 or 1)
ok: the outputs show the state
ok: no token, nor any 8-character piece of one, in 30 outputs (%d pieces)
ok: a call on a key of another type throws
ok: the consumer id is in neither the debug info nor the exception
