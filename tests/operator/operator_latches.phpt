--TEST--
redislock latches lists the latches under a prefix with their count, read without counting down, as a table and as --json, and metrics gives their samples; none is exit 1, a foreign key exit 6
--DESCRIPTION--
Three latches (counting, counted down to open, set open) and a count key without
a lifetime, under a prefix given by --prefix or --latch-prefix:
- --json: each with the fixed keys of Kinds::LATCH_KEYS, sorted by name; the
  ttl within the lifetime set, null for the key without one;
- the table: a header and one line each, the count, OPEN and the TTL ("-"
  without one);
- the listing counts nothing down (the latches' keys are the same before and after);
- no latch under a prefix: "no latch", exit 1;
- metrics: redislock_latch_remaining and redislock_latch_ttl_seconds of each
  (no ttl sample without a lifetime), as text and as --json;
- a key under the prefix that is not a latch's (a string that is no count, a
  hash): named on stderr and under "errors", the others listed, exit 6; in
  metrics a redislock_latch_errors sample each, exit 6.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require_once __DIR__ . '/../harness/latch_test.inc';
use RedisLock\Bridge\Operator\Kinds;

$prefix = op_prefix('OpLa');
$raw = new RawRedis();
$la = la_new(['prefix' => $prefix]);
$la->set('build', 3, 600);
$la->countDown('build');
$la->set('deploy', 2, 600);
$la->countDown('deploy', 2);
$la->set('ready', 0, 300);
$raw->call('SET', $prefix . 'bare', '4');
$state = static fn (): array => array_map(static fn (string $n): array => [$raw->call('GET', $prefix . $n), $raw->call('EXISTS', la_open($n, $prefix))],
    ['bare', 'build', 'deploy', 'ready']);
$before = $state();

$r = op_json(['latches', '--prefix', $prefix]);
$rows = array_column($r['json']['latches'] ?? [], null, 'name');
rq_check($r['status'] === 0 && array_keys($rows) === ['bare', 'build', 'deploy', 'ready'] && ($r['json']['errors'] ?? null) === [],
    'latches --json: every latch, sorted, exit 0', $r);
rq_check(array_keys($rows['build']) === ['name', ...Kinds::LATCH_KEYS]
    && $rows['build']['count'] === 2 && $rows['build']['open'] === false && $rows['build']['ttl'] > 0 && $rows['build']['ttl'] <= 600
    && $rows['deploy']['count'] === 0 && $rows['deploy']['open'] === true && $rows['deploy']['ttl'] > 0 && $rows['deploy']['ttl'] <= 600
    && $rows['ready']['count'] === 0 && $rows['ready']['open'] === true && $rows['ready']['ttl'] > 0 && $rows['ready']['ttl'] <= 300
    && $rows['bare']['count'] === 4 && $rows['bare']['open'] === false && $rows['bare']['ttl'] === null,
    'each with its count, whether open, and its ttl', $rows);
$r2 = op_json(['latches', '--latch-prefix', $prefix]);
rq_check($r2['status'] === 0 && array_column($r2['json']['latches'] ?? [], 'name') === ['bare', 'build', 'deploy', 'ready'], '--latch-prefix: the same', $r2);
$r = op_cli(['latches', '--prefix', $prefix]);
$lines = explode("\n", rtrim($r['stdout']));
rq_check($r['status'] === 0 && count($lines) === 5
    && preg_match('/^NAME\s+COUNT\s+OPEN\s+TTL$/', $lines[0])
    && preg_match('/^bare\s+4\s+no\s+-$/', $lines[1])
    && preg_match('/^build\s+2\s+no\s+\d+\.\d{3}s$/', $lines[2])
    && preg_match('/^deploy\s+0\s+yes\s+\d+\.\d{3}s$/', $lines[3])
    && preg_match('/^ready\s+0\s+yes\s+\d+\.\d{3}s$/', $lines[4]), 'the table', $lines);
rq_check($state() === $before && $la->count('build') === 2, 'the listing counted nothing down', [$state(), $before]);

$none = op_prefix('OpLaNone');
$r = op_cli(['latches', '--prefix', $none]);
rq_check($r['status'] === 1 && $r['stdout'] === "no latch\n" && $r['stderr'] === '', 'none under a prefix: exit 1', $r);
$r = op_json(['latches', '--prefix', $none]);
rq_check($r['status'] === 1 && $r['json'] === ['latches' => [], 'errors' => []], 'and with --json: an empty list, exit 1', $r);

$others = ['--lock-prefix', $none, '--semaphore-prefix', $none, '--queue-prefix', $none, '--limiter-prefix', $none];
$r = op_cli(['metrics', ...$others, '--latch-prefix', $prefix]);
$lines = explode("\n", $r['stdout']);
$want = [
    '# TYPE redislock_latch_remaining gauge',
    '# TYPE redislock_latch_ttl_seconds gauge',
    '# TYPE redislock_latch_errors gauge',
    'redislock_latch_remaining{latch="bare"} 4',
    'redislock_latch_remaining{latch="build"} 2',
    'redislock_latch_remaining{latch="deploy"} 0',
    'redislock_latch_remaining{latch="ready"} 0',
];
$ttl = preg_match('/^redislock_latch_ttl_seconds\{latch="build"\} (\d+(?:\.\d+)?)$/m', $r['stdout'], $m) ? (float) $m[1] : -1.0;
rq_check($r['status'] === 0 && $r['stderr'] === '' && array_diff($want, $lines) === [] && $ttl > 0 && $ttl <= 600
    && preg_grep('/^redislock_latch_ttl_seconds\{/', $lines) !== [] && preg_grep('/^redislock_latch_ttl_seconds\{latch="bare"\}/', $lines) === []
    && preg_grep('/^redislock_latch_errors\{/', $lines) === [], 'metrics: the count and ttl of each latch, no ttl without a lifetime, exit 0', [array_values(array_diff($want, $lines)), $r]);
$j = op_json(['metrics', ...$others, '--latch-prefix', $prefix]);
$families = array_column($j['json']['metrics'] ?? [], null, 'name');
rq_check($j['status'] === 0 && in_array(['labels' => ['latch' => 'build'], 'value' => 2], $families['redislock_latch_remaining']['samples'] ?? [], true)
    && count($families['redislock_latch_ttl_seconds']['samples'] ?? []) === 3 && ($families['redislock_latch_errors']['samples'] ?? null) === [],
    'metrics --json: the same samples', $j['json']);

$raw->call('SET', $prefix . 'foreign', 'x');
$raw->call('HSET', $prefix . 'hash', 'f', '1');
$r = op_json(['latches', '--prefix', $prefix]);
rq_check($r['status'] === 6 && array_column($r['json']['latches'] ?? [], 'name') === ['bare', 'build', 'deploy', 'ready']
    && array_column($r['json']['errors'] ?? [], 'name') === ['foreign', 'hash'] && array_unique(array_column($r['json']['errors'], 'kind')) === ['latch']
    && str_contains($r['stderr'], 'latch foreign cannot be read') && str_contains($r['stderr'], 'latch hash cannot be read'),
    'a foreign key under the prefix: named on stderr and under errors, the others listed, exit 6', $r);
$r = op_cli(['metrics', ...$others, '--latch-prefix', $prefix]);
$lines = explode("\n", $r['stdout']);
rq_check($r['status'] === 6 && in_array('redislock_latch_errors{latch="foreign"} 1', $lines, true) && in_array('redislock_latch_errors{latch="hash"} 1', $lines, true)
    && in_array('redislock_latch_remaining{latch="build"} 2', $lines, true) && str_contains($r['stderr'], 'latch foreign cannot be read'),
    'metrics: a redislock_latch_errors sample for each, the others counted, exit 6', $r);
rq_check($raw->call('GET', $prefix . 'foreign') === 'x' && $raw->call('HGET', $prefix . 'hash', 'f') === '1' && $state() === $before, 'nothing written');
$raw->call('DEL', $prefix . 'foreign', $prefix . 'hash', $prefix . 'bare', $prefix . 'build', $prefix . 'deploy', $prefix . 'ready',
    la_open('deploy', $prefix), la_open('ready', $prefix));
?>
--EXPECT--
ok: latches --json: every latch, sorted, exit 0
ok: each with its count, whether open, and its ttl
ok: --latch-prefix: the same
ok: the table
ok: the listing counted nothing down
ok: none under a prefix: exit 1
ok: and with --json: an empty list, exit 1
ok: metrics: the count and ttl of each latch, no ttl without a lifetime, exit 0
ok: metrics --json: the same samples
ok: a foreign key under the prefix: named on stderr and under errors, the others listed, exit 6
ok: metrics: a redislock_latch_errors sample for each, the others counted, exit 6
ok: nothing written
