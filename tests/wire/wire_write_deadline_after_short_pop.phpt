--TEST--
RedisQueue: a write that cannot complete at once waits under the call's own timeout, not the previous call's
--DESCRIPTION--
RedisQueue: a write that cannot complete at once (the server is stopped, the
socket buffers fill) waits under the call's own timeout, not under the 5 ms
timeout of the pop() before it: enqueue() of 10 MB succeeds once the server is
continued 0.3 s later
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$q = new RedisQueue($server->options(['read_timeout' => 10]));

/* A call with a 5 ms timeout on an empty queue; tried again if the machine was
 * too slow for 5 ms (a timed-out call may drop the connection: then it proves nothing). */
$short = null;
for ($i = 0; $i < 20 && $short === null; $i++) {
    try {
        $short = $q->pop($name, timeout: 0.005);
    } catch (RedisLockTimeoutException $e) {
    }
}
echo 'a 5 ms pop() answered: ', var_export($short, true), "\n";

/* 100,000 ids of 100 bytes: about 10 MB, more than the kernel buffers
 * (4 MB to send, far less to receive while the server does not read). */
$ids = [];
for ($i = 0; $i < 100000; $i++) {
    $ids[] = sprintf('%08d', $i) . str_repeat('x', 92);
}
$pid = $server->pid();
l4_signal($pid, 'STOP');
$child = null;
try {
    $child = l4_fork(function () use ($pid) {
        usleep(300000);
        l4_signal($pid, 'CONT');
    });
    [$e, $ok, $took] = fault_timed(fn () => $q->enqueue($name, $ids, 10));
} finally {
    /* Whatever happened, the server runs again (the shutdown function stops it). */
    if ($child !== null) {
        l4_wait([$child], 5);
    }
    l4_signal($pid, 'CONT');
}
echo 'enqueue(): ', $e ? get_class($e) . ': ' . $e->getMessage() : var_export($ok, true), "\n";
/* Waited for the server (not before it was continued, 0.3 s on), within the
 * call's 10 s (else enqueue() would have thrown). */
echo 'it waited for the server, within the call timeout: ', $took >= 0.25 && $took <= 10 ? 'yes' : sprintf('no (%.3f s)', $took), "\n";
var_dump($raw->call('ZCARD', "Queue:$name"));
var_dump($q->size($name)['due']);
?>
--EXPECT--
a 5 ms pop() answered: false
enqueue(): true
it waited for the server, within the call timeout: yes
int(100000)
int(100000)
