--TEST--
redislock dashboard: a queue's page reads at most 8 MiB of payloads, names over 4 KiB are listed unread, C1 controls and bidi overrides show as bytes, a title is escaped once
--DESCRIPTION--
On a server of the test's own, in PHP's default 128 MB (php -n). Five dead
letters of 8 MiB: the page reads their lengths (HSTRLEN, no payload copied),
then the payload of the oldest only, and shows the four others by their size;
the page stays small. Three queues named with 1 MiB each are listed with their
first 256 bytes and no state (reading it would send each name in every key of
it). A name holding U+009B (a terminal's CSI) or U+202E (a right-to-left
override) shows those characters' bytes as \xNN, on the page and in the log; the
queue page's heading shows a backslash as two, not four. A connection that sends
nothing leaves a line in the log.
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$dsn = "redis://127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
$ids = ['b1', 'b2', 'b3', 'b4', 'b5'];
$q->enqueue('big', $ids, 10, 0, false, array_fill_keys($ids, str_repeat('p', 8 * 1048576)));
/* A reservation's script copies at most 1 MiB of payloads: one task per call here. */
for ($i = 0; $i < 5; $i++) {
    foreach ($q->reserve('big', 5, 30, 0, 1) as $t) {
        $q->fail('big', $t['id'], $t['receipt']);
    }
}
for ($i = 0; $i < 3; $i++) {
    $q->enqueue("long$i:" . str_repeat('n', 1048576), 'x');
}
$csi = "csi\xc2\x9b31m";
$rlo = "abc\xe2\x80\xaegpj.exe";
$q->enqueue($csi, 'x');
$q->enqueue($rlo, 'x');
$q->enqueue('a\\b', 'x');
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};
$calls = function (string $cmd) use ($raw): int {
    return preg_match('/^cmdstat_' . $cmd . ':calls=(\d+)/m', $raw->call('INFO', 'commandstats'), $m) ? (int) $m[1] : 0;
};

$d = dash_start($dsn);
$hstrlen = $calls('hstrlen');
$r = dash_request($d['port'], 'GET', '/queue?name=big');
$check($r['status'] === 200 && substr_count($r['body'], '8388608 bytes in all') === 1 && substr_count($r['body'], '8388608 bytes, not read') === 4,
    'the oldest payload read (its first 2 KiB shown), the four others by their size', $r['status']);
$check(strlen($r['body']) < 20000 && $calls('hstrlen') >= $hstrlen + 5, 'a small page; the lengths read by HSTRLEN', strlen($r['body']));

$all = '';
for ($target = '/queues', $n = 0; $target !== null && $n < 20; $n++) {
    $r = dash_request($d['port'], 'GET', $target);
    $all .= $r['body'];
    $target = preg_match('~<a rel="next" href="([^"]*)">~', $r['body'], $next) ? html_entity_decode($next[1]) : null;
}
$check(substr_count($all, 'not read: a name this long is listed only') === 3 && substr_count($all, '1048582 bytes in all') === 3,
    'the three 1 MiB names listed, cut, unread');
$check(str_contains($all, 'csi\xc2\x9b31m') && str_contains($all, 'abc\xe2\x80\xaegpj.exe') && !str_contains($all, "\xc2\x9b") && !str_contains($all, "\xe2\x80\xae"),
    'U+009B and U+202E shown as their bytes');
$r = dash_request($d['port'], 'GET', '/queue?name=' . rawurlencode('a\\b'));
$check(str_contains($r['body'], '<h1>Queue a\\\\b</h1>') && str_contains($r['body'], '<title>Queue a\\\\b · redislock</title>'), 'the heading escapes the name once', $r['status']);
dash_request($d['port'], 'GET', '/' . $csi);
$silent = stream_socket_client("tcp://127.0.0.1:{$d['port']}");
fclose($silent);
$check(dash_request($d['port'], 'GET', '/queues')['status'] === 200, 'the dashboard still serves, in 128 MB');
proc_terminate($d['proc'], 15);
$log = stream_get_contents($d['stderr']);
$check(str_contains($log, "GET /csi\\xc2\\x9b31m 404") && !str_contains($log, "\xc2\x9b"), 'the log escapes U+009B in a path', $log);
$check(str_contains($log, '- - dropped: no request'), 'a connection that sent nothing has its line');
?>
--EXPECT--
ok: the oldest payload read (its first 2 KiB shown), the four others by their size
ok: a small page; the lengths read by HSTRLEN
ok: the three 1 MiB names listed, cut, unread
ok: U+009B and U+202E shown as their bytes
ok: the heading escapes the name once
ok: the dashboard still serves, in 128 MB
ok: the log escapes U+009B in a path
ok: a connection that sent nothing has its line
