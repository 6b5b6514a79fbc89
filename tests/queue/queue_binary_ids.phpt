--TEST--
RedisQueue: binary ids (NUL, CR LF, "%s", braces, UTF-8, a 64 KiB id) round-trip byte for byte through enqueue, top, pop, reserve, ack, release, dequeue and remove
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$key = 'Queue:' . $name;

$big = random_bytes(65536);
$ids = [
    'nul' => "a\0b", 'lead-nul' => "\0", 'crlf' => "line1\r\nline2\r\n", 'printf' => '%s%n%d',
    'braces' => '{}', 'tag' => '{x}y', 'utf8' => "h\u{e9}llo \u{1F600}", 'resp' => "*1\r\n\$4\r\nPING\r\n",
    'bytes' => "\xff\xfe\x00\x80", 'spaces' => ' ', 'big' => $big,
];
var_dump($q->enqueue($name, array_values($ids)));
var_dump($raw->call('ZCARD', $key));
foreach ($ids as $label => $id) {
    if ($raw->call('ZSCORE', $key, $id) === null) {
        echo "$label: not stored as is\n";
    }
}
$top = $q->top($name, 100);
$seen = array_column($top, 'id');
sort($seen);
$want = array_values($ids);
sort($want);
var_dump($seen === $want);

$failures = [];
foreach ($ids as $label => $id) {
    $score = (float) $raw->call('ZSCORE', $key, $id);
    if ($label === 'nul') {
        $ok = $q->dequeue($name, $id, $score) && !$q->dequeue($name, $id, $score);
    } elseif ($label === 'crlf') {
        $ok = $q->remove($name, $id) && !$q->remove($name, $id);
    } else {
        continue;
    }
    if (!$ok) $failures[] = $label;
}
// Everything else goes through reserve, release, reserve, ack, one at a time.
$left = array_diff_key($ids, ['nul' => 1, 'crlf' => 1]);
while ($t = $q->reserve($name)) {
    $label = array_search($t['id'], $left, true);
    if ($label === false) {
        $failures[] = 'unknown id ' . bin2hex(substr($t['id'], 0, 16));
        break;
    }
    if (!$q->release($name, $t['id'])) $failures[] = "$label: release";
    $again = $q->reserve($name, 10);
    $match = array_values(array_filter($again, fn($x) => $x['id'] === $t['id']));
    if (count($match) !== 1) $failures[] = "$label: not reserved again";
    foreach ($again as $x) {
        if ($x['id'] !== $t['id']) $q->release($name, $x['id']);
    }
    if (!$q->ack($name, $t['id'])) $failures[] = "$label: ack";
    unset($left[$label]);
}
rq_check($failures === [] && $left === [], 'every id went through', [$failures, array_keys($left)]);
var_dump($q->size($name));

// pop() returns the 64 KiB id intact.
$q->enqueue($name, $big);
var_dump($q->pop($name)['id'] === $big);
?>
--EXPECT--
bool(true)
int(11)
bool(true)
ok: every id went through
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
bool(true)
