--TEST--
redislock dashboard: read-only unless --actions; an action needs its pages' token and a confirmation; loopback answers only to its own Host; another address needs a password; no DSN password shown
--DESCRIPTION--
On a server of the test's own, a queue with 3 dead letters. Each refused request
is followed by a look at the queue's dead letters on the server: none came back
or went. The Host check keeps a page of another site from reaching a dashboard
on 127.0.0.1 through a name of its own (DNS rebinding). The address 192.0.2.1
(a documentation address, on no interface) is never bound: without a password
the command refuses it before listening.
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
$server = new FaultServer();
$server->raw()->call('CONFIG', 'SET', 'requirepass', 'pw-of-the-dsn-9f3');
$dsn = "redis://:pw-of-the-dsn-9f3@127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
$q->enqueue('jobs', ['j1', 'j2', 'j3'], 10, 0, false, ['j1' => 'p1', 'j2' => 'p2', 'j3' => 'p3']);
foreach ($q->reserve('jobs', 3, 30, 0, 1) as $t) {
    $q->fail('jobs', $t['id'], $t['receipt']);
}
$dead = fn (): int => $q->stats(['jobs'])['jobs']['dead'];
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};
$form = fn (array $f): string => http_build_query($f);

/* Read-only by default: no confirmation page, no action. */
$ro = dash_start($dsn);
$r = dash_request($ro['port'], 'GET', '/confirm?action=purge&queue=jobs');
$check($r['status'] === 403, 'read-only: the confirmation page is refused', $r['status']);
$r = dash_request($ro['port'], 'POST', '/purge', [], $form(['token' => str_repeat('a', 64), 'confirm' => 'yes', 'queue_hex' => bin2hex('jobs')]));
$check($r['status'] === 403 && $dead() === 3, 'read-only: a POST is refused, nothing changes', [$r['status'], $dead()]);

/* With --actions: the token and the confirmation, or nothing. */
$rw = dash_start($dsn, ['--actions']);
$page = dash_request($rw['port'], 'GET', '/queue?name=jobs')['body'];
$check(substr_count($page, '>Retry</a>') === 3 && str_contains($page, '>Purge all</a>') && !str_contains($page, '<form'),
    'a queue\'s page offers links to confirmation pages, no form');
$confirm = dash_request($rw['port'], 'GET', '/confirm?action=retry&queue=jobs&id=j2');
$fields = dash_form_fields($confirm['body']);
$check($confirm['status'] === 200 && str_contains($confirm['body'], 'Put dead letter j2 of queue jobs back in the queue?')
    && strlen($fields['token'] ?? '') === 64, 'the confirmation page says what will happen, its form carries the token');
foreach ([
    'no token' => ['confirm' => 'yes', 'queue_hex' => bin2hex('jobs'), 'id_hex' => bin2hex('j2')],
    'a wrong token' => ['token' => strrev($fields['token']), 'confirm' => 'yes', 'queue_hex' => bin2hex('jobs'), 'id_hex' => bin2hex('j2')],
    'the token of another dashboard' => ['token' => dash_form_fields(dash_request($rw['port'], 'GET', '/confirm?action=purge&queue=jobs')['body'])['token'] === $fields['token'] ? hash_hmac('sha256', 'redislock dashboard: actions', 'another secret, 16 bytes or more') : '', 'confirm' => 'yes', 'queue_hex' => bin2hex('jobs')],
    'no confirmation' => ['token' => $fields['token'], 'queue_hex' => bin2hex('jobs'), 'id_hex' => bin2hex('j2')],
    'a name not in hex' => ['token' => $fields['token'], 'confirm' => 'yes', 'queue_hex' => 'jobs'],
] as $what => $f) {
    $r = dash_request($rw['port'], 'POST', '/retry', [], $form($f));
    $check(in_array($r['status'], [400, 403], true) && $dead() === 3 && str_contains($r['body'], 'nothing was done'), "$what: refused, nothing changes", [$r['status'], $dead()]);
}
$r = dash_request($rw['port'], 'POST', '/retry', [], $form($fields));
$check($r['status'] === 200 && $dead() === 2 && $q->stats(['jobs'])['jobs']['due'] === 1, 'the confirmed form puts j2 back, due now', [$r['status'], $dead()]);
$purge = dash_form_fields(dash_request($rw['port'], 'GET', '/confirm?action=purge&queue=jobs')['body']);
$r = dash_request($rw['port'], 'POST', '/purge', [], $form($purge));
$check($r['status'] === 200 && $dead() === 0 && str_contains($r['body'], 'Purged 2 dead letters'), 'the confirmed purge drops the other two', [$r['status'], $dead()]);

/* The Host check on a loopback address. */
foreach (['evil.example:' . $rw['port'], 'localhost.evil.example:' . $rw['port'], '127.0.0.1:1', null] as $host) {
    $r = dash_request($rw['port'], 'GET', '/queues', ['Host' => $host]);
    $check($r['status'] === 421, 'Host ' . ($host === null ? '(none)' : str_replace((string) $rw['port'], 'PORT', $host)) . ' is refused', $r['status']);
}
$check(dash_request($rw['port'], 'GET', '/queues', ['Host' => 'localhost:' . $rw['port']])['status'] === 200, 'Host localhost:PORT is served');

/* Another address: refused without a password of 12 bytes, before listening. */
foreach (['' => 'no password', 'short-pw' => 'an 8-byte password'] as $pw => $what) {
    $out = op_cli(['dashboard', '--listen', '192.0.2.1:0'], ['REDISLOCK_DSN' => $dsn, 'REDISLOCK_DASHBOARD_PASSWORD' => $pw === '' ? null : (string) $pw], true, 20);
    $check($out['status'] === 2 && str_contains($out['stderr'], '192.0.2.1 is not a loopback address'), "192.0.2.1 with $what: refused (exit 2)", $out);
}
$out = op_cli(['dashboard', '--listen', '192.0.2.1:0'], ['REDISLOCK_DSN' => $dsn, 'REDISLOCK_DASHBOARD_PASSWORD' => 'twelve-bytes-pw'], true, 20);
$check($out['status'] === 2 && str_contains($out['stderr'], 'cannot listen on 192.0.2.1'), 'with a password it goes on to listen (and 192.0.2.1 is on no interface)', $out);
foreach ([['--listen', 'nowhere'], ['--listen', '127.0.0.1:70000'], ['--actions', 'queues']] as $bad) {
    $out = op_cli(in_array('queues', $bad, true) ? ['queues', '--actions'] : ['dashboard', ...$bad], ['REDISLOCK_DSN' => $dsn], true, 20);
    $check($out['status'] === 2, 'a bad --listen, or --actions elsewhere: exit 2 (' . trim(strtok($out['stderr'], "\n")) . ')', $out);
}

/* A password on loopback too: every request must give it. */
$pw = dash_start($dsn, [], ['REDISLOCK_DASHBOARD_PASSWORD' => 'loopback-password']);
$auth = fn (string $p): array => ['Authorization' => 'Basic ' . base64_encode("ops:$p")];
$r = dash_request($pw['port'], 'GET', '/queues');
$check($r['status'] === 401 && str_starts_with($r['headers']['www-authenticate'] ?? '', 'Basic'), 'no password: 401 with a Basic challenge');
$check(dash_request($pw['port'], 'GET', '/queues', $auth('loopback-passworD'))['status'] === 401, 'a wrong password: 401');
$check(dash_request($pw['port'], 'GET', '/queues', $auth('loopback-password'))['status'] === 200, 'the password: 200');

/* Secrets: the DSN's password is on no page, not even an error's, nor in the logs. */
$everything = '';
foreach (['/', '/queues', '/locks', '/queue?name=jobs', '/queue?name=' . rawurlencode("x\0y")] as $path) {
    $everything .= dash_request($rw['port'], 'GET', $path)['body'];
}
$server->stop();
$down = dash_request($rw['port'], 'GET', '/queue?name=jobs');
$everything .= $down['body'];
proc_terminate($rw['proc'], 15);
$log = stream_get_contents($rw['stderr']);
$check($down['status'] === 502 && str_contains($down['body'], 'Redis error'), 'the server gone: a 502 page', $down['status']);
$check(!str_contains($everything . $log, 'pw-of-the-dsn-9f3'), 'no page and no log line shows the DSN\'s password');
$check(preg_match('~^GET /queues 200$~m', $log) === 1 && !str_contains($log, "\0"), 'the log has a line per request, bytes escaped');
?>
--EXPECT--
ok: read-only: the confirmation page is refused
ok: read-only: a POST is refused, nothing changes
ok: a queue's page offers links to confirmation pages, no form
ok: the confirmation page says what will happen, its form carries the token
ok: no token: refused, nothing changes
ok: a wrong token: refused, nothing changes
ok: the token of another dashboard: refused, nothing changes
ok: no confirmation: refused, nothing changes
ok: a name not in hex: refused, nothing changes
ok: the confirmed form puts j2 back, due now
ok: the confirmed purge drops the other two
ok: Host evil.example:PORT is refused
ok: Host localhost.evil.example:PORT is refused
ok: Host 127.0.0.1:1 is refused
ok: Host (none) is refused
ok: Host localhost:PORT is served
ok: 192.0.2.1 with no password: refused (exit 2)
ok: 192.0.2.1 with an 8-byte password: refused (exit 2)
ok: with a password it goes on to listen (and 192.0.2.1 is on no interface)
ok: a bad --listen, or --actions elsewhere: exit 2 (redislock: --listen: 'nowhere' is not HOST:PORT (or [IPv6]:PORT))
ok: a bad --listen, or --actions elsewhere: exit 2 (redislock: --listen: port 70000 is not 0 to 65535)
ok: a bad --listen, or --actions elsewhere: exit 2 (redislock: --actions applies to dashboard only)
ok: no password: 401 with a Basic challenge
ok: a wrong password: 401
ok: the password: 200
ok: the server gone: a 502 page
ok: no page and no log line shows the DSN's password
ok: the log has a line per request, bytes escaped
