--TEST--
RedisQueue: enqueue() of four pages in one write whose replies do not come in time throws RedisLockTimeoutException saying any page may have run; the same call again queues every id once
--DESCRIPTION--
The server is stalled (DEBUG SLEEP) when the four pages are written, so no reply
comes within $timeout: the exception says that any of the call's pages may have
run (the server may still run those it read). Once the stall is over, the same
enqueue() again is safe: every id is queued once, with its payload.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$raw = $server->raw();
$q = new RedisQueue($server->options());
$name = rl_name();
$q->enqueue($name, ['warm-up', 'warm-up-2']);   // connects, and loads the script (a list: one id alone takes enqueue_one)
$q->remove($name, 'warm-up');
$q->remove($name, 'warm-up-2');
$items = [];
foreach (range(0, 999) as $i) {
    $items["id-$i"] = "payload-$i";
}
$stall = $server->stall(3.0);
try {
    $q->enqueue($name, array_keys($items), 0.3, 0, false, $items);
    echo "no exception\n";
} catch (RedisLockTimeoutException $e) {
    rq_check(str_contains($e->getMessage(), '(enqueue() of 1000 ids in 4 pages sent in one write: any of its pages may have run)'),
        'the timeout says any of the four pages may have run', $e->getMessage());
}
rl_stall_wait($stall);
var_dump($q->enqueue($name, array_keys($items), 10, 0, false, $items));
rq_check((int) $raw->call('ZCARD', 'Queue:' . $name) === 1000 && $raw->call('HGET', '{Queue:' . $name . '}:payloads', 'id-999') === 'payload-999',
    'the same call again: every id queued once, with its payload');
?>
--EXPECT--
ok: the timeout says any of the four pages may have run
bool(true)
ok: the same call again: every id queued once, with its payload
