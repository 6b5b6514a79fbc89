--TEST--
RedisQueue: enqueue() of 250 ids (a page) is one command on the server: exactly one EVALSHA, no EVAL, nothing else outside the script; 501 ids are three
--DESCRIPTION--
One queue script works on at most 250 members (REDISLOCK_QUEUE_PAGE): a list of up
to 250 ids is one script, a longer one a script per page of 250.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();

/** Every cmdstat_<command> calls counter. */
function commandstats(RawRedis $raw): array
{
    preg_match_all('/^cmdstat_([^:]+):calls=(\d+)/m', $raw->call('INFO', 'commandstats'), $m);
    return array_map('intval', array_combine($m[1], $m[2]));
}

/** What the server ran between two snapshots, minus the one INFO that took the first. */
function delta(array $before, array $after): array
{
    $d = [];
    foreach ($after as $cmd => $calls) {
        if ($calls !== ($before[$cmd] ?? 0)) {
            $d[$cmd] = $calls - ($before[$cmd] ?? 0);
        }
    }
    if (isset($d['info']) && --$d['info'] === 0) {
        unset($d['info']);
    }
    ksort($d);
    return $d;
}

// Warm up: connect, and let a NOSCRIPT fallback (EVAL) happen now if it must.
$q->enqueue($name, 'warm-up');
$q->clear($name);

// What a script may call from inside (counted in commandstats too, but no round trip).
$inner = ['time', 'zadd', 'lpush', 'ltrim', 'pexpire', 'exists'];   // exists: whether any dead letter may be revived
foreach ([
    'strings' => array_map(fn($i) => "id-$i", range(1, 250)),
    'ints' => range(1, 250),
    'replace' => array_map(fn($i) => "id-$i", range(1, 250)),
    'pages' => array_map(fn($i) => "page-$i", range(1, 501)),
] as $label => $ids) {
    $before = commandstats($raw);
    var_dump($q->enqueue($name, $ids, 10, 0, $label === 'replace'));
    $d = delta($before, commandstats($raw));
    echo "$label: evalsha ", $d['evalsha'] ?? 0, ", eval ", $d['eval'] ?? 0, "\n";
    $outside = array_diff_key($d, array_flip(array_merge($inner, ['evalsha'])));
    rq_check($outside === [], "$label: no command outside the script", $outside);
}
var_dump($raw->call('ZCARD', 'Queue:' . $name));
?>
--EXPECT--
bool(true)
strings: evalsha 1, eval 0
ok: strings: no command outside the script
bool(true)
ints: evalsha 1, eval 0
ok: ints: no command outside the script
bool(true)
replace: evalsha 1, eval 0
ok: replace: no command outside the script
bool(true)
pages: evalsha 3, eval 0
ok: pages: no command outside the script
int(1001)
