--TEST--
redislock dashboard: an action naming an empty or malformed id is refused, never read as all; the Host check holds with a password; a slow client is dropped; long names stay bounded
--DESCRIPTION--
On a server of the test's own. A retry whose id is empty, not hex, of odd
length, or a purge that names an id: 400, and the dead letters are all still
there. With a password on loopback the Host must still be the server's own, and
a Basic credential without a colon is no password. A client that sends half a
request head and then nothing is dropped without an answer once its time is up,
and the next request is served. Sixty queues with names of 100 KiB: each page
shows a name's first 256 bytes and its length, links none of them (their URL
would pass the bound on a request head), and the pages stay small while the
dashboard, in PHP's default 128 MB, goes on serving.
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
$server = new FaultServer();
$dsn = "redis://127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
$q->enqueue('jobs', ['j1', 'j2', 'j3'], 10, 0, false, ['j1' => 'p1', 'j2' => 'p2', 'j3' => 'p3']);
foreach ($q->reserve('jobs', 3, 30, 0, 1) as $t) {
    $q->fail('jobs', $t['id'], $t['receipt']);
}
$dead = fn (): int => $q->stats(['jobs'])['jobs']['dead'];
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};

$d = dash_start($dsn, ['--actions']);
$token = dash_form_fields(dash_request($d['port'], 'GET', '/confirm?action=retry&queue=jobs')['body'])['token'];
$r = dash_request($d['port'], 'GET', '/confirm?action=retry&queue=jobs&id=');
$check($r['status'] === 400, 'a confirmation for an empty id: 400', $r['status']);
foreach (['an empty id_hex' => '', 'an id in plain' => 'j2', 'an odd length' => '6a3', 'not hex' => 'zz'] as $what => $id) {
    $r = dash_request($d['port'], 'POST', '/retry', [], http_build_query(['token' => $token, 'confirm' => 'yes', 'queue_hex' => bin2hex('jobs'), 'id_hex' => $id]));
    $check($r['status'] === 400 && $dead() === 3, "a retry with $what: 400, the 3 dead letters still there", [$r['status'], $dead()]);
}
$r = dash_request($d['port'], 'POST', '/purge', [], http_build_query(['token' => $token, 'confirm' => 'yes', 'queue_hex' => bin2hex('jobs'), 'id_hex' => bin2hex('j1')]));
$check($r['status'] === 400 && $dead() === 3, 'a purge naming an id: 400, nothing purged', [$r['status'], $dead()]);

/* A password on loopback: the Host check still holds; Basic needs its colon. */
$pw = dash_start($dsn, [], ['REDISLOCK_DASHBOARD_PASSWORD' => 'loopback-password']);
$auth = ['Authorization' => 'Basic ' . base64_encode('ops:loopback-password')];
$check(dash_request($pw['port'], 'GET', '/queues', $auth + ['Host' => 'evil.example:' . $pw['port']])['status'] === 421, 'with the password, another Host: 421');
$check(dash_request($pw['port'], 'GET', '/queues', $auth + ['Host' => null])['status'] === 421, 'with the password, no Host: 421');
$check(dash_request($pw['port'], 'GET', '/queues', $auth + ['Host' => 'LOCALHOST:' . $pw['port']])['status'] === 200, 'with the password, Host LOCALHOST:PORT: 200');
foreach (['xloopback-password', 'loopback-password', ''] as $bare) {
    $check(dash_request($pw['port'], 'GET', '/queues', ['Authorization' => 'Basic ' . base64_encode($bare)])['status'] === 401, "Basic '" . $bare . "' without a colon: 401");
}

/* A client that stops halfway through its head is dropped; the next is served. */
$slow = stream_socket_client("tcp://127.0.0.1:{$d['port']}", $errno, $error, 5);
fwrite($slow, "GET /queues HTTP/1.1\r\nHost: 127.0.0.1:{$d['port']}\r\n");
$r = dash_request($d['port'], 'GET', '/queues');
stream_set_timeout($slow, 30);
$left = stream_get_contents($slow);
$check($left === '' && feof($slow), 'the half-sent request is dropped without an answer', $left);
$check($r['status'] === 200, 'the request behind it is served', $r['status']);

/* Very long names. */
for ($i = 0; $i < 60; $i++) {
    $q->enqueue(sprintf('%03d', $i) . str_repeat('n', 102400), 'x');
}
$target = '/queues';
$sizes = [];
$shown = 0;
$linked = 0;
while ($target !== null && count($sizes) < 100) {
    $r = dash_request($d['port'], 'GET', $target);
    if ($r['status'] !== 200) {
        break;
    }
    $sizes[] = strlen($r['body']);
    $shown += substr_count($r['body'], '102403 bytes in all');
    $linked += preg_match_all('~<a href="/queue\?name=\d{3}n~', $r['body']);
    $target = preg_match('~<a rel="next" href="([^"]*)">~', $r['body'], $next) ? html_entity_decode($next[1]) : null;
}
$check($r['status'] === 200 && $target === null && $shown === 60 && $linked === 0, 'the 60 long names shown cut, with their length, none linked', [$r['status'], $shown, $linked]);
$check(max($sizes) < 200000, 'every page under 200 KB', $sizes);
$check(dash_request($d['port'], 'GET', '/queue?name=jobs')['status'] === 200, 'the dashboard still serves');
?>
--EXPECT--
ok: a confirmation for an empty id: 400
ok: a retry with an empty id_hex: 400, the 3 dead letters still there
ok: a retry with an id in plain: 400, the 3 dead letters still there
ok: a retry with an odd length: 400, the 3 dead letters still there
ok: a retry with not hex: 400, the 3 dead letters still there
ok: a purge naming an id: 400, nothing purged
ok: with the password, another Host: 421
ok: with the password, no Host: 421
ok: with the password, Host LOCALHOST:PORT: 200
ok: Basic 'xloopback-password' without a colon: 401
ok: Basic 'loopback-password' without a colon: 401
ok: Basic '' without a colon: 401
ok: the half-sent request is dropped without an answer
ok: the request behind it is served
ok: the 60 long names shown cut, with their length, none linked
ok: every page under 200 KB
ok: the dashboard still serves
