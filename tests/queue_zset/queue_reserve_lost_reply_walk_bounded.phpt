--TEST--
RedisQueue zset layout: after a lost reply of a reserve() that took nothing, each later reserve() walks at most 8 pages of a crowded deadline window, and the walk ends after the window
--DESCRIPTION--
Another worker holds 2,500 reservations made after the lost call, all in its
deadline window. The lost call found the queue empty, so nothing of it is
there to find: the walk looks through the whole window. The object's next
reserve() runs at most 8 pages of it (reserve_lost scripts, counted with
MONITOR on the test's own server), the one after that the rest (11 pages in
all, the last short one included), and the third none. Nothing is put back.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/lock4_test.inc';
$srv = new FaultServer(['--enable-debug-command', 'local']);
$name = rl_name();
$q = new RedisQueue($srv->options(['read_timeout' => 0.2]));
$other = new RedisQueue($srv->options());
$q->enqueue($name, 'warm');
$w = $q->reserve($name);
$q->ack($name, $w['id'], $w['receipt']);

$stall = $srv->stall(2.0);                      // returns once the server sleeps: the call goes out in the stall
try {
    var_dump($q->reserve($name, 1, 60));
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
// Made after the lost call, before the object's next one: all in its window.
$other->enqueue($name, array_map(fn($i) => "o$i", range(1, 2500)));
echo 'the other worker holds: ', count($other->reserve($name, 2500, 60)), "\n";

$pattern = '/"EVALSHA" "[0-9a-f]{40}" "6" "' . preg_quote("Queue:$name", '/') . '" "' . preg_quote("{Queue:$name}:inflight", '/') . '"/';
$monitor = $srv->monitor();
foreach ([1, 2, 3] as $call) {
    $got = $q->reserve($name, 1, 60);
    $pages = preg_match_all($pattern, rl_monitor_read($monitor));
    echo "reserve() $call: ", var_export($got, true), ", pages walked: $pages\n";
}
echo json_encode($q->size($name)), "\n";
?>
--EXPECT--
RedisLockTimeoutException
the other worker holds: 2500
reserve() 1: false, pages walked: 8
reserve() 2: false, pages walked: 3
reserve() 3: false, pages walked: 0
{"due":0,"delayed":0,"inflight":2500,"dead":0}
