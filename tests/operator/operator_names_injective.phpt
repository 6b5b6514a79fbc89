--TEST--
redislock and Metrics: names that differ in any byte give distinct metrics series and --json entries
--DESCRIPTION--
Names are bytes on the operator's outputs: two names that differ only in an
invalid UTF-8 byte, or only after a NUL byte, and a name spelling the escape
itself, give distinct series on the metrics page (which promtool accepts) and
distinct entries in --json, each telling back its exact bytes

On the metrics page a label value is the name with a backslash written as two,
control bytes and bytes that are not UTF-8 as \xNN: a reversible escape within
the text format's UTF-8. In --json a name that is not UTF-8 is written with the
same \xNN escape (backslashes doubled) and its exact bytes in name_base64.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$promtool = op_promtool();
$lp = op_prefix('OpIL');
$qp = op_prefix('OpIQ');
$l = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode($lp));
$q = rq_queue(['prefix' => $qp]);
$names = ["a\xff", "a\xfe", "n\0x", "n\0y", 'a\xff', "caf\u{e9}"];
foreach ($names as $i => $name) {
    $q->enqueue($name, array_map(fn ($j) => "t$j", range(0, $i)));
    $l->lock($name, 0, 60);
}
$common = ['--lock-prefix', $lp, '--queue-prefix', $qp, '--semaphore-prefix', op_prefix('OpIS')];
$r = op_cli(['metrics', ...$common]);
rq_check($r['status'] === 0, 'metrics: exit 0', $r);
preg_match_all('/^redislock_queue_tasks\{queue="((?:[^"\\\\]|\\\\.)*)",state="due"\} (\d+)$/m', $r['stdout'], $m);
$series = array_combine($m[1], array_map('intval', $m[2]));
rq_check(count($series) === 6 && array_values($series) === array_values(array_unique($series)), 'six queue series, one per name, each with its own count', $series);
rq_check(($series['a\\\\xff'] ?? null) === 1 && ($series['a\\\\\\\\xff'] ?? null) === 5 && ($series['n\\\\x00x'] ?? null) === 3 && ($series["caf\u{e9}"] ?? null) === 6,
    'the escape: \xNN for a byte that is not UTF-8 or a control byte, \\\\ for a backslash, UTF-8 as it is', array_keys($series));
rq_check(preg_match_all('/^redislock_lock_holders\{lock="[^\n]*",mode="exclusive"\} 1$/m', $r['stdout']) === 6 && !str_contains($r['stdout'], "\u{FFFD}"), 'six lock series, no U+FFFD', $r['stdout']);
$proc = proc_open([$promtool, 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $r['stdout']);
fclose($pipes[0]);
$out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
rq_check(proc_close($proc) === 0 && trim($out) === '', 'promtool check metrics accepts it', $out);

$r = op_json(['metrics', ...$common]);
$families = array_column($r['json']['metrics'] ?? [], null, 'name');
$labels = array_map(fn ($s) => $s['labels']['queue'], array_filter($families['redislock_queue_tasks']['samples'] ?? [], fn ($s) => $s['labels']['state'] === 'due'));
rq_check(count(array_unique($labels)) === 6 && array_diff(array_keys($series), array_map(fn ($v) => str_replace(['\\', '"'], ['\\\\', '\\"'], $v), $labels)) === [], 'metrics --json: the same six label values', $labels);

$decode = static fn (array $row): string => isset($row['name_base64']) ? base64_decode($row['name_base64'], true) : $row['name'];
foreach ([['queues', '--prefix', $qp], ['locks', '--prefix', $lp]] as $args) {
    $r = op_json($args);
    $rows = $r['json'][$args[0]] ?? [];
    $exact = array_map($decode, $rows);
    sort($exact, SORT_STRING);
    $want = $names;
    sort($want, SORT_STRING);
    rq_check($r['status'] === 0 && $exact === $want, "$args[0] --json: six entries, each telling back its exact bytes", $rows);
    $plain = array_values(array_filter($rows, fn ($row) => !isset($row['name_base64'])));
    $escaped = array_values(array_filter($rows, fn ($row) => isset($row['name_base64'])));
    $escapedNames = array_column($escaped, 'name');
    sort($escapedNames, SORT_STRING);
    rq_check(count($plain) === 4 && array_diff(array_column($plain, 'name'), $names) === [] && $escapedNames === ['a\\xfe', 'a\\xff'],
        "$args[0] --json: UTF-8 names (NUL included) as they are; the others written with \\xNN and their bytes in name_base64", $rows);
}
foreach ($names as $name) {
    $q->clear($name);
    $l->unlock($name);
}
?>
--EXPECT--
ok: metrics: exit 0
ok: six queue series, one per name, each with its own count
ok: the escape: \xNN for a byte that is not UTF-8 or a control byte, \\ for a backslash, UTF-8 as it is
ok: six lock series, no U+FFFD
ok: promtool check metrics accepts it
ok: metrics --json: the same six label values
ok: queues --json: six entries, each telling back its exact bytes
ok: queues --json: UTF-8 names (NUL included) as they are; the others written with \xNN and their bytes in name_base64
ok: locks --json: six entries, each telling back its exact bytes
ok: locks --json: UTF-8 names (NUL included) as they are; the others written with \xNN and their bytes in name_base64
