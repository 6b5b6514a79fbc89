--TEST--
RedisQueue::pop() beside the previous release's pop() on one queue, on either layout: every task is popped once, by one of them, with its payload
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
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = rq_queue();
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $ids = [];
    for ($i = 1; $i <= 40; $i++) {
        $ids[] = "t$i";
        $q->enqueue($name, "t$i", 10, 0, false, $i % 4 === 0 ? "payload $i" : null);
    }
    $got = [];
    $take = function (array $t) use (&$got) {
        $got[] = $t['id'] . (isset($t['payload']) ? '=' . $t['payload'] : '');
    };
    $old = 'function pops($name, $n) { $q = new RedisQueue(rl_dsn()); for ($i = 0; $i < $n; $i++) { $t = $q->pop($name);'
        . ' if ($t) { echo $t["id"], isset($t["payload"]) ? "=" . $t["payload"] : "", "\n"; } } }'
        . ' pops(' . var_export($name, true) . ', 10);';
    for ($round = 0; $round < 2; $round++) {
        $r = rl_run_old_php($so, $old);
        echo $r['stderr'];
        foreach (array_filter(explode("\n", $r['stdout'])) as $line) {
            $got[] = $line;
        }
        for ($i = 0; $i < 10; $i++) {
            $take($q->pop($name));
        }
    }
    while (($t = $q->pop($name)) !== false) {
        $take($t);
    }
    $want = array_map(fn($i) => "t$i" . ($i % 4 === 0 ? "=payload $i" : ''), range(1, 40));
    sort($got);
    sort($want);
    echo $layout, ': ', count($got), ' popped, ', $got === $want ? "each once, with its payload\n" : json_encode($got) . "\n";
    echo json_encode($q->size($name)), "\n";
}
?>
--EXPECT--
zset: 40 popped, each once, with its payload
{"due":0,"delayed":0,"inflight":0,"dead":0}
stream: 40 popped, each once, with its payload
{"due":0,"delayed":0,"inflight":0,"dead":0}
