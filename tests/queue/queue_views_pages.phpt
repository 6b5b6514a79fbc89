--TEST--
RedisQueue::delayed() and reserved() read a page of 250 tasks or about 1 MiB of payloads per script, in order, each task once; 0.2.0's reservations and delayed tasks are listed too
--DESCRIPTION--
On a server of the test's own (INFO commandstats counts every script the calls
run): 600 delayed tasks, listed with delayed($name, 1000) in order, each once, in
3 scripts (250, 250, 100); five delayed tasks of 600 KiB each in 3 scripts (a
page ends once it carries 1 MiB: 2, 2, 1), every payload whole; the same five
reserved (a reservation's script also copies at most 1 MiB of payloads: a few
calls), listed by reserved() in 3 scripts on each layout. Then the previous
release (0.2.0, built from this tree's history) reserves a task and delays
another on each layout: this release lists its reservation, with its attempt
and a deadline its visibility ahead, and its delayed task.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
$srv = rq_own_main_server();
$raw = new RawRedis();
$scripts = fn () => rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');

foreach (['zset', 'stream'] as $layout) {
    $q = rq_queue(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto']);
    $name = rl_name(":$layout");
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    /* The scripts loaded first (a fresh server answers NOSCRIPT once). */
    $q->delayed($name);
    $q->reserved($name);
    $ids = array_map(fn ($i) => sprintf('t%04d', $i), range(1, 600));
    foreach ($ids as $i => $id) {
        $q->enqueue($name, $id, afterInterval: 100 + $i);
    }
    $n = $scripts();
    $list = $q->delayed($name, 1000);
    rq_check(array_column($list, 'id') === $ids, "$layout: 600 delayed tasks in order, each once", count($list));
    rq_check($scripts() - $n === 3, "$layout: in 3 scripts", $scripts() - $n);
    $q->clear($name);
    if ($layout === 'stream') {
        $q->migrate($name);
    }

    $big = [];
    for ($i = 1; $i <= 5; $i++) {
        $big["b$i"] = str_repeat(chr(64 + $i), 600 * 1024);
        $q->enqueue($name, "b$i", afterInterval: 100 + $i, payload: $big["b$i"]);
    }
    $n = $scripts();
    $list = $q->delayed($name);
    rq_check(array_column($list, 'payload', 'id') === $big, "$layout: five payloads of 600 KiB, whole, in order");
    rq_check($scripts() - $n === 3, "$layout: in 3 scripts (a page ends at 1 MiB)", $scripts() - $n);
    $raw->call('ZADD', "Queue:$name", 'XX', '0', 'b1', '0', 'b2', '0', 'b3', '0', 'b4', '0', 'b5');
    /* A reservation's script copies at most 1 MiB of payloads: a few calls. */
    $got = [];
    for ($i = 0; $i < 10 && count($got) < 5; $i++) {
        $more = $q->reserve($name, 5 - count($got), 60) ?: [];
        $got = array_merge($got, isset($more['id']) ? [$more] : $more);
    }
    rq_check(count($got) === 5, "$layout: the five reserved", count($got));
    $n = $scripts();
    $list = $q->reserved($name);
    rq_check(array_column($list, 'payload', 'id') == $big && count($list) === 5, "$layout: reserved() lists them whole");
    rq_check($scripts() - $n === 3, "$layout: in 3 scripts", $scripts() - $n);
    $q->clear($name);
}

/* The previous release reserves one task and delays another, on each layout. */
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name(":old-$layout");
    $opts = var_export(rl_options(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto']), true);
    $q = rq_queue(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $code = '$q = new RedisQueue(' . $opts . '); $n = ' . var_export($name, true) . ';
        $q->enqueue($n, "mine", payload: "old"); $q->enqueue($n, "later", afterInterval: 200, payload: "old later");
        $r = $q->reserve($n, 1, 45); echo json_encode($r), "\n";';
    $out = [];
    exec(escapeshellarg(getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY) . ' -n -d ' . escapeshellarg("extension=$so") . ' '
        . escapeshellarg(rl_php_file($code)), $out, $rc);
    $r = json_decode($out[0] ?? 'null', true);
    rq_check($rc === 0 && is_array($r) && ($r['id'] ?? '') === 'mine', "$layout: 0.2.0 reserved its task", $out);
    $list = $q->reserved($name);
    rq_check(count($list) === 1 && $list[0]['id'] === 'mine' && $list[0]['attempts'] === 1 && $list[0]['payload'] === 'old',
        "$layout: this release lists 0.2.0's reservation", $list);
    $left = ($list[0]['deadline'] ?? 0) - rq_server_time($raw);
    rq_check($left > 35 && $left <= 45.01, "$layout: with its deadline, 45 s ahead at most", $left);
    $list = $q->delayed($name);
    rq_check(array_column($list, 'payload', 'id') === ['later' => 'old later'], "$layout: and its delayed task", $list);
}
?>
--EXPECT--
ok: zset: 600 delayed tasks in order, each once
ok: zset: in 3 scripts
ok: zset: five payloads of 600 KiB, whole, in order
ok: zset: in 3 scripts (a page ends at 1 MiB)
ok: zset: the five reserved
ok: zset: reserved() lists them whole
ok: zset: in 3 scripts
ok: stream: 600 delayed tasks in order, each once
ok: stream: in 3 scripts
ok: stream: five payloads of 600 KiB, whole, in order
ok: stream: in 3 scripts (a page ends at 1 MiB)
ok: stream: the five reserved
ok: stream: reserved() lists them whole
ok: stream: in 3 scripts
ok: zset: 0.2.0 reserved its task
ok: zset: this release lists 0.2.0's reservation
ok: zset: with its deadline, 45 s ahead at most
ok: zset: and its delayed task
ok: stream: 0.2.0 reserved its task
ok: stream: this release lists 0.2.0's reservation
ok: stream: with its deadline, 45 s ahead at most
ok: stream: and its delayed task
