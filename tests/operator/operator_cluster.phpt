--TEST--
redislock on a Redis Cluster (redis-cluster:// DSN): queues, locks and locks --semaphore list the names of every master, stats and inspect read each from its own slot, and metrics covers them all
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$dsn = 'redis-cluster://' . rl_env('REDISLOCK_TEST_CLUSTER');
$lp = op_prefix('OpCL');
$sp = op_prefix('OpCS');
$qp = op_prefix('OpCQ');
$l = new RedisLock($dsn . '?prefix=' . rawurlencode($lp));
$s = new RedisSemaphore($dsn . '?prefix=' . rawurlencode($sp));
$q = new RedisQueue($dsn . '?prefix=' . rawurlencode($qp));
$names = [];
for ($i = 0; $i < 30; $i++) {
    $names[] = "n$i";
    $q->enqueue("n$i", ['a', 'b'], afterInterval: $i % 2 ? 60 : 0);
    $l->lock("n$i", 0, 60);
    $s->acquire("n$i", 3, 0, 60, 2);
}
sort($names);
$slots = [];
foreach ($names as $n) {
    $slots[rq_crc16($qp . $n) % 16384 < 5461 ? 'a' : (rq_crc16($qp . $n) % 16384 < 10923 ? 'b' : 'c')] = true;
}
rq_check(count($slots) === 3, 'the queues spread over the three masters\' slot ranges');
$env = ['REDISLOCK_DSN' => $dsn];
$r = op_json(['queues', '--prefix', $qp], $env);
rq_check($r['status'] === 0 && array_column($r['json']['queues'] ?? [], 'name') === $names, 'queues: every one of the 30', $r['stderr']);
$byName = array_column($r['json']['queues'], null, 'name');
rq_check($byName['n0']['due'] === 2 && $byName['n1']['delayed'] === 2 && $byName['n1']['due'] === 0, 'each with its own stats', [$byName['n0'], $byName['n1']]);
$r = op_json(['locks', '--prefix', $lp], $env);
rq_check($r['status'] === 0 && array_column($r['json']['locks'] ?? [], 'name') === $names && array_unique(array_column($r['json']['locks'], 'holders')) === [1], 'locks: all 30, each held once', $r['stderr']);
$r = op_json(['locks', '--semaphore', '--prefix', $sp], $env);
rq_check($r['status'] === 0 && array_column($r['json']['semaphores'] ?? [], 'name') === $names && array_unique(array_column($r['json']['semaphores'], 'held')) === [2], 'semaphores: all 30, 2 permits each', $r['stderr']);
$r = op_json(['inspect', 'n7', '--prefix', $lp], $env);
rq_check($r['status'] === 0 && $r['json']['state']['mode'] === 'exclusive', 'inspect of one lock', $r);
$r = op_cli(['metrics', '--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', $qp], $env);
rq_check($r['status'] === 0 && preg_match_all('/^redislock_queue_tasks\{/m', $r['stdout']) === 120 && preg_match_all('/^redislock_lock_holders\{/m', $r['stdout']) === 30
    && preg_match_all('/^redislock_semaphore_permits_held\{[^}]*\} 2$/m', $r['stdout']) === 30, 'metrics: 30 queues in 4 states, 30 locks, 30 semaphores', substr($r['stdout'], 0, 300) . $r['stderr']);
foreach ($names as $n) {
    $q->clear($n);
}
?>
--EXPECT--
ok: the queues spread over the three masters' slot ranges
ok: queues: every one of the 30
ok: each with its own stats
ok: locks: all 30, each held once
ok: semaphores: all 30, 2 permits each
ok: inspect of one lock
ok: metrics: 30 queues in 4 states, 30 locks, 30 semaphores
