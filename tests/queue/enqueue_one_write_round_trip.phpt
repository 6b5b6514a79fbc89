--TEST--
RedisQueue: enqueue() of 1,000 ids (four pages of 250) is one write then the replies, on either layout and in either form, and the ids of the call share one due time, the server's
--DESCRIPTION--
A proxy between the queue's connection and the server counts the round trips: a
command sent while none of the client's waits for its reply begins one. Four
pages sent one after the other's reply would be four. The pages do not wait for
the first one's due time: the first page to run records it under the call's
token for the others, so every id of the call has the same score, between two
readings of the server's TIME (plus the delay), and nothing stays behind.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$proxy = rl_php_file(<<<'PROXY'
/* A proxy between one client and the main server that counts the client's round
 * trips: a command sent while no command of the client's waits for its reply and
 * no command is half sent begins one. A line on stdin asks for
 * "<round trips> <commands>" so far. */
function resp_end(string $b, int $o): int
{
    $nl = strpos($b, "\r\n", $o);
    if ($nl === false) {
        return -1;
    }
    $t = $b[$o];
    $n = (int) substr($b, $o + 1, $nl - $o - 1);
    $o = $nl + 2;
    if ($t === '$' || $t === '=' || $t === '!') {
        return $n < 0 ? $o : (strlen($b) >= $o + $n + 2 ? $o + $n + 2 : -1);
    }
    if ($t === '*' || $t === '~' || $t === '>' || $t === '%' || $t === '|') {
        $n = ($t === '%' || $t === '|') ? 2 * $n : $n;
        for ($i = 0; $i < $n && $o >= 0; $i++) {
            $o = $o < strlen($b) ? resp_end($b, $o) : -1;
        }
        return $o;
    }
    return $o;
}
function drain(string &$buf): int
{
    $n = 0;
    while ($buf !== '' && ($e = resp_end($buf, 0)) >= 0) {
        $buf = substr($buf, $e);
        $n++;
    }
    return $n;
}
$l = stream_socket_server("tcp://127.0.0.1:0");
echo parse_url("tcp://" . stream_socket_get_name($l, false), PHP_URL_PORT), "\n";
$c = $s = null;
$cbuf = $sbuf = '';
$turns = $sent = $answered = 0;
$end = microtime(true) + 300;
while (microtime(true) < $end) {
    $r = [$l, STDIN];
    if ($c) { $r[] = $c; $r[] = $s; }
    $w = $e = null;
    if (stream_select($r, $w, $e, 1) < 1) { continue; }
    foreach ($r as $sock) {
        if ($sock === $l) {
            $c = stream_socket_accept($l);
            $s = stream_socket_client("tcp://" . rl_env("REDISLOCK_TEST_HOST") . ":" . rl_env("REDISLOCK_TEST_PORT"));
            continue;
        }
        if ($sock === STDIN) {
            if (fgets(STDIN) === false) { exit(0); }
            echo "$turns $sent\n";
            continue;
        }
        $data = fread($sock, 65536);
        if ($data === '' || $data === false) { exit(0); }
        if ($sock === $c) {
            if ($cbuf === '' && $sent === $answered) { $turns++; }
            $cbuf .= $data;
            $sent += drain($cbuf);
            fwrite($s, $data);
        } else {
            $sbuf .= $data;
            $answered += drain($sbuf);
            fwrite($c, $data);
        }
    }
}
PROXY);
$p = proc_open([PHP_BINARY, '-n', $proxy], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pp);
$port = (int) fgets($pp[1]);
$q = new RedisQueue(['host' => '127.0.0.1', 'port' => $port]);
$count = function () use ($pp): array {
    fwrite($pp[0], "count\n");
    return array_map('intval', explode(' ', trim(fgets($pp[1]))));
};
$name = rl_name();
$q->enqueue($name, ['warm-up', 'warm-up-2']);   // connects, and loads the script (a list: one id alone takes enqueue_one) if the server lacks it
$q->clear($name);

$paired = [];
foreach (range(0, 999) as $i) {
    $paired["id-$i"] = "payload-$i";
}
$bare = array_map(fn ($i) => "bare-$i", range(0, 999));
foreach (['id => payload, delayed' => [$paired, 60], 'bare ids, due now' => [$bare, 0]] as $label => [$items, $delay]) {
    $key = 'Queue:' . $name;
    [$t0, $c0] = $count();
    $before = rq_server_time($raw);
    $ok = isset($items[0]) ? $q->enqueue($name, $items, 10, $delay) : $q->enqueue($name, array_keys($items), 10, $delay, false, $items);
    $after = rq_server_time($raw);
    [$t1, $c1] = $count();
    rq_check($ok && $t1 - $t0 === 1 && $c1 - $c0 === 4, "$label: one round trip of 4 scripts", [$t1 - $t0, $c1 - $c0]);
    $flat = $raw->call('ZRANGE', $key, '0', '-1', 'WITHSCORES');
    $scores = [];
    for ($i = 1; $i < count($flat); $i += 2) {
        $scores[$flat[$i]] = true;
    }
    $scores = array_keys($scores);
    $score = (float) reset($scores);
    rq_check((int) $raw->call('ZCARD', $key) === 1000 && count($scores) === 1
        && $score >= $before + $delay - 1e-6 && $score <= $after + $delay + 1e-6,
        "$label: 1,000 ids, one due time between two readings of TIME plus the delay", [$scores, $before, $after]);
    rq_check(!isset($items[0]) ? $raw->call('HGET', '{' . $key . '}:payloads', 'id-999') === 'payload-999' : true, "$label: payloads of the last page");
    rq_check((int) $raw->call('EXISTS', '{' . $key . '}:due') === 0, "$label: no due time left behind");
    $q->clear($name);
}

// The stream layout: the ids due now go to the end of the stream, page after page.
$stream = rl_name();
$q->enqueue($stream, ['warm-up', 'warm-up-2']);
$q->migrate($stream);
$q->remove($stream, 'warm-up');
$q->remove($stream, 'warm-up-2');
[$t0, $c0] = $count();
$ok = $q->enqueue($stream, array_keys($paired), 10, 0, false, $paired);
[$t1, $c1] = $count();
rq_check($ok && $t1 - $t0 === 1 && $c1 - $c0 === 4, 'stream layout: one round trip of 4 scripts', [$t1 - $t0, $c1 - $c0]);
$entries = $raw->call('XRANGE', '{Queue:' . $stream . '}:stream', '-', '+');
rq_check(count($entries) === 1000 && $entries[999][1][1] === 'id-999' && (int) $raw->call('ZCARD', 'Queue:' . $stream) === 0,
    'stream layout: 1,000 entries in the order of the list, none in the zset', count($entries));
$q->clear($stream);
fclose($pp[0]);
proc_close($p);
?>
--EXPECT--
ok: id => payload, delayed: one round trip of 4 scripts
ok: id => payload, delayed: 1,000 ids, one due time between two readings of TIME plus the delay
ok: id => payload, delayed: payloads of the last page
ok: id => payload, delayed: no due time left behind
ok: bare ids, due now: one round trip of 4 scripts
ok: bare ids, due now: 1,000 ids, one due time between two readings of TIME plus the delay
ok: bare ids, due now: payloads of the last page
ok: bare ids, due now: no due time left behind
ok: stream layout: one round trip of 4 scripts
ok: stream layout: 1,000 entries in the order of the list, none in the zset
