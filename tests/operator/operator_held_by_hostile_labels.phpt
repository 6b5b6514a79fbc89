--TEST--
redislock metrics, locks and inspect with hostile holder labels: no injected line or series, promtool accepts the page, --json gives the exact bytes back
--DESCRIPTION--
redislock metrics, locks and inspect against the extension with hostile holder labels (a line feed that would start a series, quotes, braces, NUL, bytes that are not UTF-8): no injected line or series, promtool accepts the page, --json decodes and gives the exact bytes back
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$lp = op_prefix('OpHX');
$sp = op_prefix('OpHY');
$labels = ["a\"} 1\nredislock_injected{x=\"y\"} 1\n# HELP z", "\xff\xfe{x}\0|@%", "\\\\\"\r\n"];
foreach ($labels as $i => $label) {
    $l = new RedisLock(rl_options(['prefix' => $lp, 'holder' => $label]));
    $l->lock("n$i", 0, 60);
    $s = new RedisSemaphore(rl_options(['prefix' => $sp, 'holder' => $label]));
    $s->acquire("n$i", 5, 0, 60);
    $keep[] = [$l, $s];
}
$r = op_cli(['metrics', '--lock-prefix', $lp, '--semaphore-prefix', $sp, '--queue-prefix', op_prefix('OpHQ'), '--limiter-prefix', op_prefix('OpHR'), '--latch-prefix', op_prefix('OpHT')]);
$proc = proc_open([op_promtool(), 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $r['stdout']);
fclose($pipes[0]);
$lint = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
$lintOk = proc_close($proc) === 0;
$lines = explode("\n", $r['stdout']);
echo json_encode([$r['status'], $lintOk || $lint, preg_grep('/^redislock_injected|^# HELP z/', $lines), count(preg_grep('/^redislock_(lock|semaphore)_holder_info\{/', $lines))]), "\n";
$j = op_json(['locks', '--prefix', $lp]);
$rows = array_column($j['json']['locks'] ?? [], null, 'name');
$exact = true;
foreach ($labels as $i => $label) {
    $row = $rows["n$i"] ?? [];
    $got = isset($row['held_by_base64']) ? array_map('base64_decode', $row['held_by_base64']) : ($row['held_by'] ?? null);
    $exact = $exact && $got === [$label];
}
$t = op_cli(['locks', '--prefix', $lp]);
echo json_encode([$j['status'], $exact, $t['status'], count(explode("\n", rtrim($t['stdout']))), (bool) preg_match('/[\x00-\x09\x0b-\x1f\x7f]/', $t['stdout'])]), "\n";
$i = op_cli(['inspect', 'n0', '--prefix', $lp]);
echo json_encode([$i['status'], (bool) preg_match('/^redislock_injected/m', $i['stdout']), (bool) preg_match('/[\x00-\x09\x0b-\x1f\x7f]/', $i['stdout'])]), "\n";
?>
--EXPECT--
[0,true,[],6]
[0,true,0,4,false]
[0,false,false]
