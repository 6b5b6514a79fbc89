--TEST--
Holders' labels (held_by) are escaped in tables, inspect and --json, one holder_info series per held name that promtool accepts; absent, they are "-", null and no series
--DESCRIPTION--
The rendering functions are fed arrays shaped as inspect() answers with
'held_by' => list<string> (host:pid or an application's label), with labels
that hold control bytes, bytes that are not UTF-8, backslashes, quotes and line
feeds, and the same answers without the key (an extension that does not say):
- Kinds keeps the labels as they are, null without the key;
- tables show the first 3 escaped and how many more, inspect up to 20, "-" when
  none is known; no raw control byte reaches the output;
- --json writes valid UTF-8 labels as they are, else escaped with their exact
  bytes in held_by_base64;
- the metrics have one holder_info series per held name, with the first label
  only, escaped for the text format, and promtool check metrics accepts it.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
use RedisLock\Bridge\Operator\CliOutput;
use RedisLock\Bridge\Operator\CliTables;
use RedisLock\Bridge\Operator\Kinds;
use RedisLock\Bridge\Operator\Metrics;
use RedisLock\Bridge\Operator\Names;

$labels = ['web-3:12345', "job\x1b[31m", "bad\xff\\", 'café', 'app"q', "nl\nx"];
$lockInfo = ['mode' => 'shared', 'holders' => 6, 'ttl' => 5.5, 'waiters' => 1, 'oldest_wait' => 0.25, 'fencing' => null, 'promised' => false];
$semInfo = ['held' => 6, 'holders' => 6, 'ttls' => [9.0, 8.0], 'waiters' => 0, 'oldest_wait' => null];

$lock = Kinds::lockState($lockInfo + ['held_by' => $labels]);
$sem = Kinds::semaphoreState($semInfo + ['held_by' => $labels]);
$lockAbsent = Kinds::lockState($lockInfo);
$semAbsent = Kinds::semaphoreState($semInfo);
rq_check($lock['held_by'] === $labels && $sem['held_by'] === $labels && array_keys($lock) === Kinds::LOCK_KEYS && array_keys($sem) === Kinds::SEMAPHORE_KEYS,
    'the views keep the labels, byte for byte, in the order given', [$lock, $sem]);
rq_check($lockAbsent['held_by'] === null && $semAbsent['held_by'] === null && Kinds::lockState($lockInfo + ['held_by' => []])['held_by'] === [],
    'without the key: null (not known); an empty list stays empty', [$lockAbsent, $semAbsent]);

$three = 'web-3:12345, job\x1b[31m, bad\xff\\\\ (+3)';
$row = CliTables::row('lock', 'name', $lock);
rq_check($row[3] === $three && CliTables::row('semaphore', 'name', $sem)[3] === $three, 'a listing\'s HELD BY: the first 3 escaped, then how many more', $row);
rq_check(CliTables::row('lock', 'name', $lockAbsent)[3] === '-' && CliTables::row('semaphore', 'name', $semAbsent)[3] === '-'
    && CliTables::row('lock', 'name', Kinds::lockState($lockInfo + ['held_by' => []]))[3] === '-', 'absent or empty: "-"', $row);
$all = 'web-3:12345, job\x1b[31m, bad\xff\\\\, café, app"q, nl\x0ax';
rq_check(CliTables::pairs('lock', 'name', $lock)['held by'] === $all && CliTables::pairs('semaphore', 'name', $sem)['held by'] === $all
    && CliTables::pairs('lock', 'name', $lockAbsent)['held by'] === '-', 'inspect: every label (up to 20) escaped; "-" when not known', CliTables::pairs('lock', 'name', $lock));
$many = array_map(fn ($i) => "h$i:1", range(1, 25));
rq_check(CliTables::heldBy($many, CliTables::HELD_BY_SHOWN) === implode(', ', array_slice($many, 0, 20)) . ' (+5)', 'more than 20: the first 20 and (+5)');

/* A listing of two pages as the command prints it, from the same cells. */
$listing = static function (bool $json, array $rows) use (&$out): array {
    $out = '';
    $err = '';
    $o = new CliOutput(function (string $s) use (&$out): void { $out .= $s; }, function (string $s) use (&$err): void { $err .= $s; }, null, 'redislock');
    $o->json = $json;
    $pages = (function () use ($rows) {
        foreach ($rows as $row) {
            yield ['rows' => [$row], 'errors' => []];
        }
    })();
    $code = $o->listing('locks', 'lock', $pages, CliTables::HEADERS['lock'], static fn (string $n, array $r): array => CliTables::row('lock', $n, $r), 'no lock');
    return [$code, $out, $err];
};
$rows = [['name' => 'a', 'state' => $lock], ['name' => 'b', 'state' => $lockAbsent]];
[$code, $text] = $listing(false, $rows);
$lines = explode("\n", rtrim($text));
rq_check($code === 0 && count($lines) === 3 && preg_match('/^NAME\s+MODE\s+HOLDERS\s+HELD BY\s+TTL/', $lines[0])
    && str_contains($lines[1], ' ' . $three . ' ') && preg_match('/^b\s+shared\s+6\s+-\s+5\.500s/', $lines[2])
    && preg_match('//u', $text) && !preg_match('/[\x00-\x09\x0b-\x1f\x7f]/', $text), 'the table: escaped labels, valid UTF-8, no control byte but line feeds', $lines);
[$code, $json] = $listing(true, $rows);
$doc = json_decode($json, true);
$a = $doc['locks'][0] ?? [];
rq_check($code === 0 && array_keys($a) === ['name', 'mode', 'holders', 'held_by', 'held_by_base64', 'ttl', 'waiters', 'oldest_wait', 'fencing', 'promised']
    && $a['held_by'] === array_map(Names::escape(...), $labels) && array_map('base64_decode', $a['held_by_base64']) === $labels
    && array_key_exists('held_by', $doc['locks'][1]) && $doc['locks'][1]['held_by'] === null && !array_key_exists('held_by_base64', $doc['locks'][1]),
    '--json: a label that is not UTF-8 escaped, every exact byte in held_by_base64; null when not known', $doc);
$utf8 = Names::jsonState(Kinds::lockState($lockInfo + ['held_by' => ['café', "nl\nx", 'a\\b']]));
rq_check($utf8['held_by'] === ['café', "nl\nx", 'a\\b'] && !isset($utf8['held_by_base64']), '--json: labels that are all UTF-8 as they are, no base64', $utf8);

$samples = Metrics::samples('lock', 'x', $lock);
$info = array_values(array_filter($samples, fn ($s) => $s[0] === 'redislock_lock_holder_info'));
rq_check($info === [['redislock_lock_holder_info', ['lock' => 'x', 'holder' => 'web-3:12345'], 1]], 'a held lock: one holder_info series, the first label only', $samples);
$semSamples = Metrics::samples('semaphore', 'x', $sem);
rq_check(in_array(['redislock_semaphore_holder_info', ['semaphore' => 'x', 'holder' => 'web-3:12345'], 1], $semSamples, true), 'a semaphore: the same', $semSamples);
$none = array_merge(
    Metrics::samples('lock', 'x', $lockAbsent),
    Metrics::samples('lock', 'x', Kinds::lockState($lockInfo + ['held_by' => []])),
    Metrics::samples('lock', 'x', Kinds::lockState(['holders' => 0, 'waiters' => 1, 'held_by' => ['gone:1']] + $lockInfo)),
    Metrics::samples('semaphore', 'x', $semAbsent),
);
rq_check(preg_grep('/holder_info/', array_column($none, 0)) === [], 'no holder_info when not known, none, or nobody holds', $none);
$weird = "ho\"st\\\n\xff:1";
$line = Metrics::line('redislock_lock_holder_info', ['lock' => 'x', 'holder' => $weird], 1);
$want = <<<'TXT'
redislock_lock_holder_info{lock="x",holder="ho\"st\\\\\\x0a\\xff:1"} 1
TXT;
rq_check($line === $want . "\n", 'a label value: Names::escape(), then the text format\'s escapes', $line);
$page = "# HELP redislock_lock_holder_info The first holder of a held lock.\n# TYPE redislock_lock_holder_info gauge\n";
foreach ([$weird, "ho\"st\\\n\\xff:1", ...$labels] as $i => $label) {
    $page .= Metrics::line('redislock_lock_holder_info', ['lock' => "l$i", 'holder' => $label], 1);
}
$proc = proc_open([op_promtool(), 'check', 'metrics'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
fwrite($pipes[0], $page);
fclose($pipes[0]);
$lint = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
rq_check(proc_close($proc) === 0 && trim($lint) === '', 'promtool check metrics accepts every label escaped so', [$lint, $page]);
preg_match_all('/holder="((?:[^"\\\\]|\\\\.)*)"/', $page, $m);
rq_check(count(array_unique($m[1])) === 8, 'distinct labels stay distinct label values', $m[1]);
?>
--EXPECT--
ok: the views keep the labels, byte for byte, in the order given
ok: without the key: null (not known); an empty list stays empty
ok: a listing's HELD BY: the first 3 escaped, then how many more
ok: absent or empty: "-"
ok: inspect: every label (up to 20) escaped; "-" when not known
ok: more than 20: the first 20 and (+5)
ok: the table: escaped labels, valid UTF-8, no control byte but line feeds
ok: --json: a label that is not UTF-8 escaped, every exact byte in held_by_base64; null when not known
ok: --json: labels that are all UTF-8 as they are, no base64
ok: a held lock: one holder_info series, the first label only
ok: a semaphore: the same
ok: no holder_info when not known, none, or nobody holds
ok: a label value: Names::escape(), then the text format's escapes
ok: promtool check metrics accepts every label escaped so
ok: distinct labels stay distinct label values
