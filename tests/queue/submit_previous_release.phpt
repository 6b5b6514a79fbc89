--TEST--
RedisQueue::submit() beside the previous release (0.2.0) on one queue: its enqueue(), reserve(), ack() and pop() treat submitted tasks as ordinary ones
--DESCRIPTION--
Both layouts. The previous release's enqueue() makes a submit a duplicate; its
worker reserves, its parked and debounced re-run runs after its ack with the last
payload; its pop() takes a windowed task while the window still holds; its worker
reserves a run debounced in its place (by reference on the stream) with the last
payload.
names() never lists a queue that has only remembered times, and clear() leaves
no key.
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
$raw = new RawRedis();
/* Runs $code in the previous release's php, with $q a queue and $n the queue's name. */
function old(string $so, string $name, string $code): string
{
    $r = rl_run_old_php($so, '$q = new RedisQueue(rl_dsn()); $n = ' . var_export($name, true) . '; ' . $code);
    return trim($r['stdout'] . $r['stderr']);
}
$take = 'function show($t) { echo $t === false ? "nothing" : $t["id"] . "=" . ($t["payload"] ?? "-"), " "; }';
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = rq_queue();
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $out = [];
    $out[] = old($so, $name, 'var_export($q->enqueue($n, "a", payload: "old"));');
    $out[] = $q->submit($name, 'a', 'new', unique: 'until_done');
    /* An old worker reserves a and keeps it; a submit parks a re-run, another debounces it. */
    $r = old($so, $name, $take . '$t = $q->reserve($n, 1, 30); show($t); echo $t["receipt"];');
    [$shown, $receipt] = explode(' ', $r, 2);
    $out[] = "old reserved $shown";
    $out[] = $q->submit($name, 'a', 'n2', unique: 'until_done');
    $out[] = $q->submit($name, 'a', 'n3', unique: 'debounce');
    $out[] = $q->submit($name, 'a', 'n4', unique: 'debounce');
    $out[] = old($so, $name, $take . 'show($q->reserve($n, 1, 30, 0.2)); var_export($q->ack($n, "a", ' . var_export($receipt, true) . '));');
    $out[] = old($so, $name, $take . '$t = $q->reserve($n, 1, 30); show($t); var_export($q->ack($n, "a", $t["receipt"]));');
    $out[] = $q->submit($name, 'a', 'n5', unique: 'until_done');
    /* A window: the old release pops the task; the window still holds. */
    $out[] = $q->submit($name, 'b', 'pb', unique: 'window', uniqueFor: 60);
    $out[] = old($so, $name, $take . 'show($q->pop($n)); show($q->pop($n));');
    $out[] = $q->submit($name, 'b', 'pb2', unique: 'window', uniqueFor: 60);
    /* A run debounced in its place (on the stream its entry refers to its payload,
     * however small): the old worker reserves it with the last payload. */
    $out[] = $q->submit($name, 'c', 'c1', unique: 'debounce');
    $out[] = $q->submit($name, 'c', 'c2', 3, unique: 'debounce');
    $out[] = old($so, $name, $take . '$t = $q->reserve($n, 1, 30); show($t); var_export($q->ack($n, "c", $t["receipt"]));');
    $out[] = json_encode($q->size($name));
    echo "$layout: ", implode(' | ', $out), "\n";
    $q->clear($name);
}
/* names(): a queue with nothing but remembered times is no queue (its
 * counters, which make it one, are deleted here). */
$prefix = 'Q' . bin2hex(random_bytes(4)) . ':';
$q = rq_queue(['prefix' => $prefix]);
foreach (['plain', '{tag}braced'] as $n) {
    $q->submit($n, 'x', null, unique: 'window', uniqueFor: 60);
    $t = $q->reserve($n, 1, 30);
    $q->ack($n, 'x', $t['receipt']);
}
foreach (rq_keys_containing($raw, $prefix) as $key) {
    if (str_contains($key, ':counts')) {
        $raw->call('DEL', $key);
    }
}
$q->submit('live', 'x', null, unique: 'window', uniqueFor: 60);
$names = [];
$cursor = null;
do {
    $page = $q->names($cursor, 1000);
    $names = array_merge($names, $page['names']);
    $cursor = $page['cursor'];
} while ($cursor !== null);
echo 'names: ', json_encode($names), ' keys: ', str_replace($prefix, 'P:', implode(' ', rq_keys_containing($raw, $prefix))), "\n";
foreach (['plain', '{tag}braced', 'live'] as $n) {
    $q->clear($n);
}
echo 'after clear: ', count(rq_keys_containing($raw, $prefix)), "\n";
?>
--EXPECT--
zset: true | duplicate | old reserved a=old | duplicate | queued | debounced | nothing true | a=n4 true | queued | queued | a=n5 b=pb | duplicate | queued | debounced | c=c2 true | {"due":0,"delayed":0,"inflight":0,"dead":0}
stream: true | duplicate | old reserved a=old | duplicate | queued | debounced | nothing true | a=n4 true | queued | queued | a=n5 b=pb | duplicate | queued | debounced | c=c2 true | {"due":0,"delayed":0,"inflight":0,"dead":0}
names: ["live"] keys: P:live {P:live}:unique {P:live}:wakeup {P:plain}:unique {P:plain}:wakeup {tag}:unique:P:{tag}braced {tag}:wakeup:P:{tag}braced
after clear: 0
