--TEST--
redislock dashboard in headless Chromium: a queue named with a script tag renders as text, a queue's last hour is drawn, and a retry clicked through the page puts the dead letter back
--DESCRIPTION--
Debian's Chromium, driven through the DevTools protocol on a pipe, against the
operator's command serving the dashboard with --actions on a server of the
test's own. What is asserted is what the browser made of the pages: the text
of their cells, how many script elements the document holds, and whether a
global the hostile name would set exists; then the queue's state on the server
after the clicks. Chromium's start takes both CPUs for seconds: the test runs
alone, so that the timing of the tests beside it is not its load's.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/dashboard_test.inc';
$server = new FaultServer();
$dsn = "redis://127.0.0.1:{$server->port}";
$q = new RedisQueue($dsn);
/* The half hour before this run, written into the queue's counters by hand (the
 * format of ext/lua/common/counts.lua: a snapshot a minute, and the counters the
 * last one leads to), so that the chart has bars; the runs of this test follow. */
$raw = $server->raw();
$minute = intdiv((int) $raw->call('TIME')[0], 60);
$done = 0;
for ($k = 30; $k >= 1; $k--) {
    $raw->call('HSET', '{Queue:orders}:counts', 'h' . (($minute - $k) % 60), ($minute - $k) . "|$done|0|0|0|0|0" . str_repeat('|0', 17));
    $done += 20 + ($k * 7) % 13;
}
$raw->call('HSET', '{Queue:orders}:counts', 'p', (string) $done);
$hostile = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
$q->enqueue($hostile, 'h1');
$q->enqueue('orders', ['o1', 'o2'], 10, 0, false, ['o1' => '{"order":1}', 'o2' => '{"order":2}']);
foreach ($q->reserve('orders', 2, 30, 0, 1) as $t) {
    $q->fail('orders', $t['id'], $t['receipt']);
}
$q->enqueue('orders', ['o3', 'o4', 'o5', 'o6']);
for ($i = 0; $i < 4; $i++) {
    $t = $q->reserve('orders', 1, 30);
    $q->ack('orders', $t['id'], $t['receipt']);
}
$d = dash_start($dsn, ['--actions']);
$b = new DashBrowser();
$check = function (bool $ok, string $what, $detail = null): void {
    echo $ok ? "ok: $what\n" : "FAILED: $what " . json_encode($detail) . "\n";
};

$b->open($d['url'] . 'queues');
$png = $b->screenshot();
$names = $b->eval('Array.from(document.querySelectorAll("table tr td:first-child")).map(td => td.textContent)');
$check(is_array($names) && in_array('orders', $names, true) && in_array($hostile, $names, true), 'the queues table lists both queues, the hostile name as its text', $names);
$check($b->eval('document.scripts.length') === 0 && $b->eval('typeof window.pwned') === 'undefined'
    && $b->eval('document.images.length') === 0, 'no script element, no image, nothing ran');

file_put_contents((getenv('REDISLOCK_SCREENSHOTS') ?: rl_env('REDISLOCK_TEST_TMP')) . '/dashboard-queues.png', $png);
$b->clickAndWait('Array.from(document.querySelectorAll("a")).find(a => a.textContent === "orders").click()');
$check($b->eval('document.querySelector("h1").textContent') === 'Queue orders'
    && $b->eval('Array.from(document.querySelectorAll("pre")).map(p => p.textContent).join(",")') === '{"order":1},{"order":2}',
    'the queue\'s page shows its two dead letters with their payloads');
/* The screenshots the documentation shows come from this run (REDISLOCK_SCREENSHOTS: where to keep them). */
$shots = getenv('REDISLOCK_SCREENSHOTS') ?: rl_env('REDISLOCK_TEST_TMP');
$png = $b->screenshot();
$check(str_starts_with($png, "\x89PNG") && file_put_contents("$shots/dashboard-queue.png", $png) > 0, 'a screenshot of the queue\'s page');
$bars = $b->eval('Array.from(document.querySelectorAll("svg g.minute")).map(g => Math.round(g.querySelector("rect").getBoundingClientRect().height))');
$check(is_array($bars) && count($bars) === 60 && count(array_filter($bars)) >= 30 && count(array_filter($bars)) <= 32 && $b->eval('document.querySelector("svg").getBoundingClientRect().width') > 0
    && str_contains((string) $b->eval('Array.from(document.querySelectorAll("p")).map(p => p.textContent).join(" ")'), '2 failed'),
    'the last hour is drawn: 60 minutes, a bar for each minute with runs acked', $bars);

$b->clickAndWait('Array.from(document.querySelectorAll("tr")).find(tr => tr.firstChild.textContent === "o2").querySelector("a.action").click()');
$check($b->eval('document.querySelector("p").textContent') === 'Put dead letter o2 of queue orders back in the queue?', 'the click leads to the confirmation');
$check($q->stats(['orders'])['orders']['dead'] === 2, 'nothing is done before the confirmation');
$b->clickAndWait('document.querySelector("form button").click()');
$stats = $q->stats(['orders'])['orders'];
$check(str_starts_with((string) $b->eval('document.querySelector("p").textContent'), 'Put back 1 dead letter')
    && $stats['dead'] === 1 && $stats['due'] === 1, 'confirmed: o2 is back in the queue, due; o1 still dead', $stats);
$task = $q->reserve('orders', 1, 30);
$check(($task["id"] ?? null) === "o2" && ($task["payload"] ?? null) === "{\"order\":2}", "a worker reserves o2 with its payload", $task);
$b->close();
?>
--EXPECT--
ok: the queues table lists both queues, the hostile name as its text
ok: no script element, no image, nothing ran
ok: the queue's page shows its two dead letters with their payloads
ok: a screenshot of the queue's page
ok: the last hour is drawn: 60 minutes, a bar for each minute with runs acked
ok: the click leads to the confirmation
ok: nothing is done before the confirmation
ok: confirmed: o2 is back in the queue, due; o1 still dead
ok: a worker reserves o2 with its payload
