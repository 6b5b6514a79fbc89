--TEST--
redislock inspect, locks and metrics show who holds a lock or semaphore as the extension tells it, and nothing ("-", null, no holder_info series) where it does not
--DESCRIPTION--
Against the extension under test, with a lock held exclusively, one held
shared by two, and a semaphore with two acquisitions. held_by in --json, the
HELD BY column, inspect's "held by" line and the holder_info series follow what
inspect() of the extension returns: its labels when it has the key, else null,
"-" and no series (an extension that does not say who holds).
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$lp = op_prefix('OpHL');
$sp = op_prefix('OpHS');
$l = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode($lp));
$l2 = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode($lp));
$s = new RedisSemaphore(rl_dsn() . '?prefix=' . rawurlencode($sp));
$l->lock('excl', 0, 60);
$l->lockShared('reader', 0, 60);
$l2->lockShared('reader', 0, 60);
$s->acquire('pool', 5, 0, 60, 2);
$s->acquire('pool', 5, 0, 60, 1);
$told = array_key_exists('held_by', $l->inspect('excl') ?? []);
echo 'the extension tells who holds: ', $told ? 'yes' : 'no', "\n";
$me = gethostname() . ':' . getmypid();
rq_check(($l->inspect('excl')['held_by'] ?? null) === [$me] && ($s->inspect('pool')['held_by'] ?? null) === [$me, $me],
    'the lock and both permits are held by this host and pid', [$l->inspect('excl'), $s->inspect('pool')]);

$bad = [];
foreach ([['excl', 'lock', $l], ['reader', 'lock', $l], ['pool', 'semaphore', $s]] as [$name, $kind, $obj]) {
    $args = ['inspect', $name, '--prefix', $kind === 'lock' ? $lp : $sp];
    if ($kind === 'semaphore') {
        $args[] = '--semaphore';
    }
    $want = op_held_by($obj->inspect($name));
    $j = op_json($args);
    $t = op_cli($args);
    if ($j['status'] !== 0 || !array_key_exists('held_by', $j['json']['state'] ?? []) || $j['json']['state']['held_by'] !== $want
        || $t['status'] !== 0 || !preg_match('/^held by:\s+' . op_held_by_cell($obj->inspect($name)) . '$/m', $t['stdout'])) {
        $bad[] = [$args, $want, $j, $t];
    }
}
rq_check($bad === [], 'inspect: held_by in --json and "held by" as text, as the extension says' . ($told ? '' : ' (null, "-")'), $bad);

$r = op_json(['locks', '--prefix', $lp]);
$rows = array_column($r['json']['locks'] ?? [], null, 'name');
rq_check($r['status'] === 0 && array_keys($rows) === ['excl', 'reader'] && $rows['excl']['held_by'] === op_held_by($l->inspect('excl'))
    && $rows['reader']['held_by'] === op_held_by($l->inspect('reader')), 'locks --json: held_by of each', $r);
$r = op_cli(['locks', '--semaphore', '--prefix', $sp]);
$lines = explode("\n", rtrim($r['stdout']));
rq_check($r['status'] === 0 && preg_match('/^pool\s+3\s+2\s+' . op_held_by_cell($s->inspect('pool')) . '\s+\d/', $lines[1] ?? ''), 'locks --semaphore: its HELD BY', $lines);

$r = op_cli(['metrics', '--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', op_prefix('OpHQ'), '--limiter-prefix', op_prefix('OpHR'), '--latch-prefix', op_prefix('OpHT')]);
preg_match_all('/^redislock_(lock|semaphore)_holder_info\{(?:lock|semaphore)="([^"]*)",holder="((?:[^"\\\\]|\\\\.)*)"\} 1$/m', $r['stdout'], $m, PREG_SET_ORDER);
$want = [];
foreach ([['lock', 'excl', $l], ['lock', 'reader', $l], ['semaphore', 'pool', $s]] as [$kind, $name, $obj]) {
    $held = op_held_by($obj->inspect($name));
    if ($held !== null && $held !== []) {
        $want[] = [$kind, $name, RedisLock\Bridge\Operator\Names::escape($held[0])];
    }
}
$got = array_map(fn ($x) => [$x[1], $x[2], stripcslashes($x[3])], $m);
rq_check($r['status'] === 0 && str_contains($r['stdout'], "# TYPE redislock_lock_holder_info gauge\n") && str_contains($r['stdout'], "# TYPE redislock_semaphore_holder_info gauge\n")
    && $got === $want && ($told || $got === []), 'metrics: a holder_info series per held name with the first label where the extension tells it, none where not', [$got, $want, $r]);
$l->unlock('excl');
$l->unlock('reader');
$l2->unlock('reader');
?>
--EXPECTF--
the extension tells who holds: yes
ok: the lock and both permits are held by this host and pid
ok: inspect: held_by in --json and "held by" as text, as the extension says
ok: locks --json: held_by of each
ok: locks --semaphore: its HELD BY
ok: metrics: a holder_info series per held name with the first label where the extension tells it, none where not
