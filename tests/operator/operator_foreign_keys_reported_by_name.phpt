--TEST--
redislock listings: a key under our prefixes that is not ours is reported by name, every other name is listed, exit 6
--DESCRIPTION--
Keys under the queue, semaphore and lock prefixes that are not ours (strings,
hashes, lists made by hand) make queues, locks, locks --semaphore and metrics
report an error for that name, by name (stderr, "errors" in --json, a
redislock_*_errors sample), list every other name, and exit 6

Another application's keys, or keys made by hand with SET or HSET, share the
prefix of our objects. Reading such a name fails on the server (WRONGTYPE): that
is an error of that one name, not of the listing. The command still lists every
other name, says which names it could not read and why, and exits 6 (partial).
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$promtool = op_promtool();
$lp = op_prefix('OpFL');
$sp = op_prefix('OpFS');
$qp = op_prefix('OpFQ');
$raw = new RawRedis();
$l = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode($lp));
$s = new RedisSemaphore(rl_dsn() . '?prefix=' . rawurlencode($sp));
$q = rq_queue(['prefix' => $qp]);
$q->enqueue('mail', ['m1', 'm2']);
$s->acquire('pool', 5, 0, 60, 2);
$l->lock('held', 0, 60);
$raw->call('SET', $qp . 'foreign', 'x');
$raw->call('HSET', $qp . 'hashy', 'a', 'b');
$raw->call('SET', $sp . 'foreign', 'x');
$raw->call('RPUSH', $sp . 'listy', 'a');
$raw->call('HSET', $lp . 'hashy', 'a', 'b');
$raw->call('SADD', $lp . 'setty', 'a');
$common = ['--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', $qp];
$named = static fn (string $stderr, array $names): bool => array_filter($names, fn ($n) => !preg_match('/\b' . preg_quote($n, '/') . '\b.*WRONGTYPE/', $stderr)) === [];

$r = op_cli(['queues', '--prefix', $qp]);
rq_check($r['status'] === 6 && preg_match('/^mail\s+2\s/m', $r['stdout']) && $named($r['stderr'], ['foreign', 'hashy']), 'queues: mail listed, foreign and hashy named on stderr, exit 6', $r);
$r = op_json(['queues', '--prefix', $qp]);
rq_check($r['status'] === 6 && array_column($r['json']['queues'] ?? [], 'name') === ['mail'] && array_column($r['json']['errors'] ?? [], 'name') === ['foreign', 'hashy']
    && str_contains($r['json']['errors'][0]['message'], 'WRONGTYPE'), 'queues --json: mail, and an error per foreign name', $r);

$r = op_cli(['locks', '--semaphore', '--prefix', $sp]);
rq_check($r['status'] === 6 && preg_match('/^pool\s+2\s/m', $r['stdout']) && $named($r['stderr'], ['foreign', 'listy']), 'locks --semaphore: pool listed, foreign and listy named, exit 6', $r);
$r = op_json(['locks', '--semaphore', '--prefix', $sp]);
rq_check($r['status'] === 6 && array_column($r['json']['semaphores'] ?? [], 'name') === ['pool'] && array_column($r['json']['errors'] ?? [], 'name') === ['foreign', 'listy'], 'locks --semaphore --json: pool, and an error per foreign name', $r);

// RedisLock::inspect() reads a key of any type as a lock (held, no ttl): the
// listing goes on either way, and a name it cannot read is an error by name.
$r = op_json(['locks', '--prefix', $lp]);
$errors = array_column($r['json']['errors'] ?? [], 'name');
rq_check(in_array('held', array_column($r['json']['locks'] ?? [], 'name'), true)
    && ($r['status'] === 0 ? $errors === [] : $r['status'] === 6 && array_diff($errors, ['hashy', 'setty']) === []), 'locks --json: held listed, foreign names do not stop it', $r);

$r = op_cli(['metrics', ...$common]);
rq_check($r['status'] === 6 && $named($r['stderr'], ['foreign', 'hashy', 'listy']), 'metrics: exit 6, each foreign name on stderr', $r);
foreach ([
    'redislock_queue_tasks{queue="mail",state="due"} 2', 'redislock_queue_errors{queue="foreign"} 1', 'redislock_queue_errors{queue="hashy"} 1',
    'redislock_semaphore_permits_held{semaphore="pool"} 2', 'redislock_semaphore_errors{semaphore="foreign"} 1', 'redislock_semaphore_errors{semaphore="listy"} 1',
    'redislock_lock_holders{lock="held",mode="exclusive"} 1',
] as $line) {
    rq_check(in_array($line, explode("\n", $r['stdout']), true), "metrics: $line", $r['stdout']);
}
$proc = proc_open([$promtool, 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $r['stdout']);
fclose($pipes[0]);
$out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
rq_check(proc_close($proc) === 0 && trim($out) === '', 'the page with errors passes promtool check metrics', $out);
$r = op_json(['metrics', ...$common]);
$families = array_column($r['json']['metrics'] ?? [], null, 'name');
rq_check($r['status'] === 6 && in_array(['labels' => ['queue' => 'foreign'], 'value' => 1], $families['redislock_queue_errors']['samples'] ?? [], true)
    && array_column(array_filter($r['json']['errors'] ?? [], fn ($e) => $e['kind'] !== 'lock'), 'name') === ['foreign', 'hashy', 'foreign', 'listy'], 'metrics --json: the error samples, and the errors by kind and name', $r['json']['errors'] ?? $r);

$raw->call('DEL', $qp . 'foreign', $qp . 'hashy', $sp . 'foreign', $sp . 'listy', $lp . 'hashy', $lp . 'setty');
$r = op_cli(['metrics', ...$common]);
rq_check($r['status'] === 0 && $r['stderr'] === '' && !preg_match('/^redislock_\w+_errors\{/m', $r['stdout']), 'without them: exit 0, no error sample', $r);
$q->clear('mail');
?>
--EXPECT--
ok: queues: mail listed, foreign and hashy named on stderr, exit 6
ok: queues --json: mail, and an error per foreign name
ok: locks --semaphore: pool listed, foreign and listy named, exit 6
ok: locks --semaphore --json: pool, and an error per foreign name
ok: locks --json: held listed, foreign names do not stop it
ok: metrics: exit 6, each foreign name on stderr
ok: metrics: redislock_queue_tasks{queue="mail",state="due"} 2
ok: metrics: redislock_queue_errors{queue="foreign"} 1
ok: metrics: redislock_queue_errors{queue="hashy"} 1
ok: metrics: redislock_semaphore_permits_held{semaphore="pool"} 2
ok: metrics: redislock_semaphore_errors{semaphore="foreign"} 1
ok: metrics: redislock_semaphore_errors{semaphore="listy"} 1
ok: metrics: redislock_lock_holders{lock="held",mode="exclusive"} 1
ok: the page with errors passes promtool check metrics
ok: metrics --json: the error samples, and the errors by kind and name
ok: without them: exit 0, no error sample
