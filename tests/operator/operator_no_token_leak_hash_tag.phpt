--TEST--
redislock and Metrics with hash-tagged prefixes: no output carries a token or a piece of one, and listings show only names
--DESCRIPTION--
With hash-tagged prefixes ({app}: and {app}), no output of redislock, with or
without --json, nor of Metrics, carries a token or any 8-character piece of one,
every subcommand exits 0 or 1, and the listings show only the names of locks,
semaphores and queues, none the extension derived

The holders, waiters and reservations of operator_no_token_leak.phpt, plus a
semaphore waiter, under prefixes made of a hash tag, as on a Cluster. The
extension's own keys beside a name's (a waiter's alive mark and wake-up list,
whose names hold the waiter's id, the random part of the token it will hold; a
queue's wake-up list) then share the prefix: no listing may take them for names.
Of a queue receipt on the stream layout (<entry id>/<consumer>/<deliveries>) the
consumer is the secret part; the entry id is the server's time of the entry.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
use RedisLock\Bridge\Operator\Inspector;
use RedisLock\Bridge\Operator\Metrics;

foreach (['{%s}:', '{%s}'] as $shape) {
    echo "prefix shape $shape\n";
    $tag = static fn (string $what): string => sprintf($shape, $what . bin2hex(random_bytes(4)));
    $lp = $tag('OpHL');
    $sp = $tag('OpHS');
    $qp = $tag('OpHQ');
    $lockDsn = rl_dsn() . '?prefix=' . rawurlencode($lp);
    $semDsn = rl_dsn() . '?prefix=' . rawurlencode($sp);
    $l = new RedisLock($lockDsn);
    $s = new RedisSemaphore($semDsn);
    $q = rq_queue(['prefix' => $qp]);
    $tokens = [];
    $tokens[] = $l->addLock('fenced', 60);
    $tokens[] = $l->addLock('plain', 60, 0, false, false);
    $tokens[] = $l->addLock('shared', 60, 0, true);
    $tokens[] = $l->addLock('contended', 60);
    $tokens[] = $s->acquire('pool', 4, 0, 60, 2);
    $tokens[] = $s->acquire('pool', 4, 0, 60, 2);
    $q->migrate('jobs');                           // onto the stream layout
    $q->enqueue('jobs', ['a', 'b', 'c']);
    foreach ($q->reserve('jobs', 2, 60) as $t) {
        $tokens[] = $t['receipt'];
    }
    $waiter = l4_spawn('$l = new RedisLock(' . var_export($lockDsn, true) . '); echo "waiting\n"; $l->lock("contended", 20, 30); sleep(20);');
    echo l4_read_line($waiter[1]), "\n";
    $semWaiter = l4_spawn('$s = new RedisSemaphore(' . var_export($semDsn, true) . '); echo "waiting\n"; $s->acquire("pool", 4, 20, 30); sleep(20);');
    echo l4_read_line($semWaiter[1]), "\n";
    rq_check(l4_until(fn () => ($l->inspect('contended')['waiters'] ?? 0) === 1 && ($s->inspect('pool')['waiters'] ?? 0) === 1), 'a lock waiter and a semaphore waiter wait');

    $runs = [];
    $common = ['--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', $qp];
    foreach ([['locks'], ['locks', '--semaphore'], ['inspect', 'contended'], ['inspect', 'pool', '--semaphore'], ['queues'], ['stats', 'jobs'], ['metrics']] as $args) {
        foreach ([[], ['--json']] as $json) {
            $runs[implode(' ', [...$args, ...$json])] = op_cli([...$args, ...$json, ...$common]);
        }
    }
    $runs['Metrics::render'] = ['status' => 0, 'stdout' => Metrics::render(new Inspector(rl_dsn(), $lp, $sp, $qp)), 'stderr' => ''];
    $failed = array_filter($runs, fn ($r) => !in_array($r['status'], [0, 1], true));
    rq_check($failed === [], 'every call ran (exit 0 or 1)', array_map(fn ($r) => [$r['status'], substr($r['stderr'], 0, 300)], $failed));
    $listed = static fn (string $run, string $key): array => array_column(json_decode($runs[$run]['stdout'], true)[$key] ?? [], 'name');
    $locks = $listed('locks --json', 'locks');
    sort($locks);
    rq_check($locks === ['contended', 'fenced', 'plain', 'shared'], 'locks lists the four locks, nothing else', $locks);
    rq_check($listed('locks --semaphore --json', 'semaphores') === ['pool'], 'locks --semaphore lists pool, nothing else', $listed('locks --semaphore --json', 'semaphores'));
    rq_check($listed('queues --json', 'queues') === ['jobs'], 'queues lists jobs, nothing else', $listed('queues --json', 'queues'));
    rq_check(preg_match_all('/^redislock_lock_waiters\{/m', $runs['metrics']['stdout']) === 4 && preg_match_all('/^redislock_semaphore_waiters\{/m', $runs['metrics']['stdout']) === 1
        && preg_match_all('/^redislock_queue_overdue_reservations\{/m', $runs['metrics']['stdout']) === 1, 'metrics: a series per lock, semaphore and queue, no other', $runs['metrics']['stdout']);

    $pieces = [];
    foreach ($tokens as $token) {
        if (substr_count($token, '/') === 2) {
            /* A stream receipt: the entry id is a server timestamp, the consumer the secret. */
            $token = explode('/', $token)[1];
        }
        $parts = explode(':', $token);
        usort($parts, fn ($a, $b) => strlen($b) <=> strlen($a));
        $pieces[$parts[0]] = $token;
        $colon = strpos($token, ':');
        $lead = $colon !== false && preg_match('/^\d+$/', substr($token, 0, $colon)) ? $colon : 0;
        for ($i = 0; $i + 8 <= strlen($token); $i++) {
            if ($i + 8 > $lead) {
                $pieces[substr($token, $i, 8)] = $token;
            }
        }
    }
    // The waiters' tokens are not known here: their ids are in the keys beside the lock's.
    $raw = new RawRedis();
    foreach ([$lp, $sp] as $prefix) {
        foreach ($raw->call('KEYS', str_replace(['\\', '*', '?', '[', ']'], ['\\\\', '\\*', '\\?', '\\[', '\\]'], $prefix) . '*') as $key) {
            foreach (preg_split('/[^0-9a-zA-Z]+/', $key) as $part) {
                if (strlen($part) >= 16) {
                    for ($i = 0; $i + 8 <= strlen($part); $i++) {
                        $pieces[substr($part, $i, 8)] = "a key's $part";
                    }
                }
            }
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
    rq_check($leaks === [], 'no token, no waiter id, nor any 8-character piece of one, in ' . count($runs) . ' outputs', array_slice($leaks, 0, 10));
    foreach ([$waiter, $semWaiter] as $w) {
        l4_signal($w[2], 'KILL');
        proc_close($w[0]);
    }
}
?>
--EXPECT--
prefix shape {%s}:
waiting
waiting
ok: a lock waiter and a semaphore waiter wait
ok: every call ran (exit 0 or 1)
ok: locks lists the four locks, nothing else
ok: locks --semaphore lists pool, nothing else
ok: queues lists jobs, nothing else
ok: metrics: a series per lock, semaphore and queue, no other
ok: no token, no waiter id, nor any 8-character piece of one, in 15 outputs
prefix shape {%s}
waiting
waiting
ok: a lock waiter and a semaphore waiter wait
ok: every call ran (exit 0 or 1)
ok: locks lists the four locks, nothing else
ok: locks --semaphore lists pool, nothing else
ok: queues lists jobs, nothing else
ok: metrics: a series per lock, semaphore and queue, no other
ok: no token, no waiter id, nor any 8-character piece of one, in 15 outputs
