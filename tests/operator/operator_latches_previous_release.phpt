--TEST--
redislock on the extension of the release before RedisLatch: latches exits 5 saying what is missing, metrics leaves the latch families out with a comment and exits 0
--DESCRIPTION--
The bridge is updated by composer and the extension by the system's packages, so
the command of this release may run on the extension of the release before,
which has no RedisLatch (Kinds::TABLE: the latch kind is optional):
- latches exits 5, naming RedisLatch::names(), and prints nothing on stdout;
- metrics exits 0 with the other families (a rate limiter's samples among them),
  no redislock_latch_* family, and one comment line saying why; promtool
  accepts the page;
- metrics --json exits 0 with the other families and no latch family.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    echo "skip $why";
}
?>
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
$old = static function (array $args) use ($so): array {
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $proc = proc_open([$php, '-n', '-d', "extension=$so", op_bin(), ...$args], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
        $pipes, null, ['REDISLOCK_DSN' => rl_dsn()] + getenv());
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    return ['status' => proc_close($proc), 'stdout' => $out, 'stderr' => $err];
};
$rp = op_prefix('OpLaOldR');
$none = op_prefix('OpLaOldNone');
(new RedisRateLimiter(rl_dsn() . '?prefix=' . rawurlencode($rp)))->consume('api', 10, 60, 4);
$prefixes = ['--lock-prefix', $none, '--semaphore-prefix', $none, '--queue-prefix', $none, '--limiter-prefix', $rp, '--latch-prefix', $none];

$r = $old(['latches', '--prefix', $none]);
rq_check($r['status'] === 5 && $r['stdout'] === '' && str_contains($r['stderr'], 'no RedisLatch::names(): upgrade the extension')
    && !str_contains($r['stderr'], 'Fatal error'), 'latches: exit 5, RedisLatch::names() named', $r);

$r = $old(['metrics', ...$prefixes]);
$comment = '# redislock: latch metrics need RedisLatch::names() and RedisLatch::inspect(), which this extension lacks';
rq_check($r['status'] === 0 && $r['stderr'] === '' && in_array($comment, explode("\n", $r['stdout']), true)
    && !preg_match('/redislock_latch_/', $r['stdout']) && str_contains($r['stdout'], "\nredislock_limiter_remaining{limiter=\"api\"} 6\n")
    && str_contains($r['stdout'], "# TYPE redislock_queue_tasks gauge\n"), 'metrics: the other families, the latch ones left out with a comment, exit 0', $r);
$proc = proc_open([op_promtool(), 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $r['stdout']);
fclose($pipes[0]);
$lint = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
rq_check(proc_close($proc) === 0 && trim($lint) === '', 'promtool accepts that page', $lint);

$r = $old(['metrics', '--json', ...$prefixes]);
$names = array_column(json_decode($r['stdout'], true)['metrics'] ?? [], 'name');
rq_check($r['status'] === 0 && in_array('redislock_limiter_remaining', $names, true) && preg_grep('/^redislock_latch_/', $names) === [],
    'metrics --json: the other families, no latch family, exit 0', $r);
(new RedisRateLimiter(rl_dsn() . '?prefix=' . rawurlencode($rp)))->reset('api');
?>
--EXPECT--
ok: latches: exit 5, RedisLatch::names() named
ok: metrics: the other families, the latch ones left out with a comment, exit 0
ok: promtool accepts that page
ok: metrics --json: the other families, no latch family, exit 0
