--TEST--
redislock limiters lists the rate limiters under a prefix with their state, read without consuming, as a table and as --json; none is exit 1, a foreign key exit 6
--DESCRIPTION--
Three limiters (a token bucket, a fixed window, a sliding window) under a
prefix given by --prefix or --limiter-prefix:
- --json: each with the fixed keys of Kinds::LIMITER_KEYS, sorted by name;
- the table: a header and one line each, the limit, burst and tokens left;
- the listing consumes nothing (the limiters' keys are the same before and after);
- no limiter under a prefix: "no rate limiter has a state", exit 1;
- a key under the prefix that is not a limiter's: named on stderr and under
  "errors", the others listed, exit 6.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
$prefix = op_prefix('OpRL');
$raw = new RawRedis();
$lim = lim_new(['prefix' => $prefix]);
$lim->consume('api', 10, 60, 4);
$lim->consume('login', 2, 60, 2, 'fixed_window');
$lim->consume('search', 5, 60, 1, 'sliding_window');
$before = [lim_state($raw, $prefix . 'api'), lim_state($raw, $prefix . 'login')];

$r = op_json(['limiters', '--prefix', $prefix]);
$rows = $r['json']['limiters'] ?? [];
rq_check($r['status'] === 0 && array_column($rows, 'name') === ['api', 'login', 'search'] && ($r['json']['errors'] ?? null) === [],
    'limiters --json: every limiter with a state, sorted, exit 0', $r);
rq_check(array_keys($rows[0]) === ['name', ...RedisLock\Bridge\Operator\Kinds::LIMITER_KEYS] && $rows[0]['policy'] === 'token_bucket'
    && $rows[0]['limit'] === 10 && $rows[0]['remaining'] === 6 && $rows[0]['burst'] === 10 && $rows[1]['policy'] === 'fixed_window'
    && $rows[1]['remaining'] === 0 && $rows[1]['burst'] === null && $rows[1]['retry_after'] > 0 && $rows[2]['policy'] === 'sliding_window',
    'each with its policy, limit, burst and tokens left', $rows);
$r2 = op_json(['limiters', '--limiter-prefix', $prefix]);
rq_check($r2['status'] === 0 && array_column($r2['json']['limiters'] ?? [], 'name') === ['api', 'login', 'search'], '--limiter-prefix: the same', $r2);
$r = op_cli(['limiters', '--prefix', $prefix]);
$lines = explode("\n", rtrim($r['stdout']));
rq_check($r['status'] === 0 && count($lines) === 4
    && preg_match('/^NAME\s+POLICY\s+LIMIT\s+INTERVAL\s+BURST\s+REMAINING\s+RETRY AFTER\s+RESET AFTER\s+BACKLOG$/', $lines[0])
    && preg_match('/^api\s+token_bucket\s+10\s+60\.000s\s+10\s+6\s+0\.000s\s+\d+\.\d{3}s\s+0\.000s$/', $lines[1])
    && preg_match('/^login\s+fixed_window\s+2\s+60\.000s\s+-\s+0\s+\d+\.\d{3}s/', $lines[2]), 'the table', $lines);
rq_check([lim_state($raw, $prefix . 'api'), lim_state($raw, $prefix . 'login')] === $before, 'the listing consumed nothing');

$r = op_cli(['limiters', '--prefix', op_prefix('OpRLNone')]);
rq_check($r['status'] === 1 && $r['stdout'] === "no rate limiter has a state\n" && $r['stderr'] === '', 'none under a prefix: exit 1', $r);
$r = op_json(['limiters', '--prefix', op_prefix('OpRLNone')]);
rq_check($r['status'] === 1 && $r['json'] === ['limiters' => [], 'errors' => []], 'and with --json: an empty list, exit 1', $r);

$raw->call('SET', $prefix . 'foreign', 'x');
$r = op_json(['limiters', '--prefix', $prefix]);
rq_check($r['status'] === 6 && array_column($r['json']['limiters'] ?? [], 'name') === ['api', 'login', 'search']
    && array_column($r['json']['errors'] ?? [], 'name') === ['foreign'] && str_contains($r['stderr'], 'limiter foreign cannot be read'),
    'a foreign key under the prefix: named on stderr and under errors, the others listed, exit 6', $r);
$raw->call('DEL', $prefix . 'foreign');
foreach (['api', 'login', 'search'] as $name) {
    $lim->reset($name);
}
?>
--EXPECT--
ok: limiters --json: every limiter with a state, sorted, exit 0
ok: each with its policy, limit, burst and tokens left
ok: --limiter-prefix: the same
ok: the table
ok: the listing consumed nothing
ok: none under a prefix: exit 1
ok: and with --json: an empty list, exit 1
ok: a foreign key under the prefix: named on stderr and under errors, the others listed, exit 6
