--TEST--
redislock dashboard: a page that needs more than PHP's memory limit (forty queue names of 4 MiB) fails alone with a 500, and the dashboard serves the next request
--DESCRIPTION--
On a server of the test's own, with the dashboard in PHP's default 128 MB (php
-n). Each page is built in a process of its own (pcntl): a page whose names
alone pass the memory limit ends that process, the server answers 500 and
logs it, and goes on; before, such a keyspace (anyone who may name a queue can
make one) took the dashboard down for everyone.
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
$server = new FaultServer();
$dsn = "redis://127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
for ($i = 0; $i < 40; $i++) {
    $q->enqueue(sprintf('%02d', $i) . str_repeat('n', 4 * 1048576), 'x');
}
$q->enqueue('small', 'x');
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};
$d = dash_start($dsn);
$r = dash_request($d['port'], 'GET', '/queues');
/* As the server returns them: all at once (the page passes the limit: 500; or the
 * 160 MiB reply takes longer than the read timeout: 502), or a few (a bounded page). */
$check(($r['status'] === 500 && str_contains($r['body'], 'could not be built')) || $r['status'] === 502
    || ($r['status'] === 200 && strlen($r['body']) < 100000), 'the page: 500 or 502, or bounded', [$r['status'], strlen($r['body'])]);
$r = dash_request($d['port'], 'GET', '/queue?name=small');
$check($r['status'] === 200 && proc_get_status($d['proc'])['running'], 'the dashboard serves the next request', $r['status']);
proc_terminate($d['proc'], 15);
$log = stream_get_contents($d['stderr']);
$check(preg_match('~^GET /queues (500|502|200)$~m', $log) === 1 && preg_match('~^GET /queue 200$~m', $log) === 1, 'both logged');
?>
--EXPECT--
ok: the page: 500 or 502, or bounded
ok: the dashboard serves the next request
ok: both logged
