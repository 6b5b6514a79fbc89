--TEST--
redislock dashboard: each listing shows a page of names per request with a link to the next, a queue's page its oldest dead letters with 2 KiB of each payload, names as bytes, never a token
--DESCRIPTION--
On a server of the test's own: 1,200 queues (more than a page holds), a queue
with dead letters whose payloads are 100 KiB and binary, a held lock and a
semaphore (their tokens must appear on no page), a rate limiter and a latch,
names with NUL and bytes that are not UTF-8. The dashboard is the operator's
command, "redislock dashboard", on a port the system chose.
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
$server = new FaultServer();
$dsn = "redis://127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
for ($i = 0; $i < 1200; $i++) {
    $q->enqueue(sprintf('bulk:%04d', $i), 'job');
}
$odd = "odd\0\xff:name";
$q->enqueue($odd, 'one');
$big = str_repeat("\x01<b>x</b>", 12800);            // 115,200 bytes, bytes below 0x20 among them
$q->enqueue('mail', ['m1', 'm2'], 10, 0, false, ['m1' => $big, 'm2' => 'small']);
foreach ($q->reserve('mail', 2, 30, 0, 1) as $t) {
    $q->fail('mail', $t['id'], $t['receipt']);
}
$lock = new RedisLock($dsn);
$token = $lock->addLock('lock:checkout', 60);
$sem = new RedisSemaphore($dsn);
$permit = $sem->acquire('pool:db', 3, 0, 60);
(new RedisRateLimiter($dsn))->consume('api:user:7', 10, 60, 3, 'fixed_window');
(new RedisLatch($dsn))->set('fanout:42', 5, 600);

$d = dash_start($dsn);
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};

/* The queue listing, page by page: every queue once at least, each page bounded. */
$seen = [];
$target = '/queues';
$pages = 0;
while ($target !== null && $pages < 50) {
    $r = dash_request($d['port'], 'GET', $target);
    $pages++;
    preg_match_all('~<a href="/queue\?name=([^"]*)">~', $r['body'], $m);
    foreach ($m[1] as $n) {
        $seen[rawurldecode(html_entity_decode($n))] = true;
    }
    $target = preg_match('~<a rel="next" href="([^"]*)">~', $r['body'], $next) ? html_entity_decode($next[1]) : null;
    $ok = $r['status'] === 200 && count($m[1]) <= 1000;
}
$check(count($seen) === 1202 && $pages >= 2, 'the queues come over ' . ($pages >= 2 ? 'several pages' : 'one page') . ', each once at least', [count($seen), $pages]);
$check(isset($seen[$odd]), 'a name with NUL and a byte that is not UTF-8 links to its own queue');

/* That link leads to that queue. */
$r = dash_request($d['port'], 'GET', '/queue?name=' . rawurlencode($odd));
$check($r['status'] === 200 && str_contains($r['body'], 'odd\x00\xff:name') && preg_match('~<td class="n">1</td>~', $r['body']) === 1,
    'the odd name shows as odd\x00\xff:name, its one task due', $r['status']);

/* A queue's page: stats, dead letters, payloads cut at 2 KiB and escaped. */
$r = dash_request($d['port'], 'GET', '/queue?name=mail');
$check($r['status'] === 200 && str_contains($r['body'], 'The oldest 2 of 2.'), 'the mail queue shows its 2 dead letters');
$check(str_contains($r['body'], '115200 bytes in all') && strlen($r['body']) < 40000, 'a 115,200-byte payload shows its first 2 KiB', strlen($r['body']));
$check(!str_contains($r['body'], '<b>') && str_contains($r['body'], '\x01&lt;b&gt;x&lt;/b&gt;'), 'payload bytes are escaped: control bytes as \xNN, markup as text');
$check(!str_contains($r['body'], 'Retry') && !str_contains($r['body'], '<form'), 'read-only: no action is offered');

/* The other listings: the same columns as the operator's, never a token. */
$all = '';
foreach (['/locks' => 'lock:checkout', '/semaphores' => 'pool:db', '/limiters' => 'api:user:7', '/latches' => 'fanout:42'] as $path => $name) {
    $r = dash_request($d['port'], 'GET', $path);
    $all .= $r['body'];
    $check($r['status'] === 200 && str_contains($r['body'], "<td>$name</td>"), "$path lists $name");
}
$check(str_contains($all, 'held by') && preg_match('~<td>[^<]+:\d+</td>~', $all) === 1, 'the lock shows who holds it (host:pid)');
$check(str_contains($all, '<td>fixed_window</td>') && str_contains($all, '<td class="n">7</td>'), 'the limiter shows its policy and the 7 tokens left');
$check(is_string($token) && strlen($token) > 8 && is_string($permit) && !str_contains($all, $token) && !str_contains($all, $permit), 'no page shows the lock\'s or the permit\'s token');

/* Headers: no script may run, nothing is cached; other paths and methods. */
$r = dash_request($d['port'], 'GET', '/');
$check(str_starts_with($r['headers']['content-security-policy'] ?? '', "default-src 'none'") && ($r['headers']['cache-control'] ?? '') === 'no-store'
    && ($r['headers']['x-content-type-options'] ?? '') === 'nosniff', 'pages forbid scripts and caching');
$check(dash_request($d['port'], 'GET', '/nothing')['status'] === 404 && dash_request($d['port'], 'PUT', '/queues')['status'] === 405
    && dash_request($d['port'], 'GET', '/queue')['status'] === 400, 'an unknown page is 404, a PUT 405, a queue page without a name 400');
$check(dash_request($d['port'], 'HEAD', '/queues')['body'] === '', 'a HEAD has no body');
$lock->releaseLock('lock:checkout', $token);
$sem->release('pool:db', $permit);
?>
--EXPECT--
ok: the queues come over several pages, each once at least
ok: a name with NUL and a byte that is not UTF-8 links to its own queue
ok: the odd name shows as odd\x00\xff:name, its one task due
ok: the mail queue shows its 2 dead letters
ok: a 115,200-byte payload shows its first 2 KiB
ok: payload bytes are escaped: control bytes as \xNN, markup as text
ok: read-only: no action is offered
ok: /locks lists lock:checkout
ok: /semaphores lists pool:db
ok: /limiters lists api:user:7
ok: /latches lists fanout:42
ok: the lock shows who holds it (host:pid)
ok: the limiter shows its policy and the 7 tokens left
ok: no page shows the lock's or the permit's token
ok: pages forbid scripts and caching
ok: an unknown page is 404, a PUT 405, a queue page without a name 400
ok: a HEAD has no body
