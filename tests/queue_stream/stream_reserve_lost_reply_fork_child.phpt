--TEST--
RedisQueue stream layout: a forked child reserves as a consumer of its own, so the parent's recovery of a reserve() whose reply was lost never puts back a task the child holds
--DESCRIPTION--
The parent holds one task; a forked child reserves another with the inherited
object and exits holding it. The child's receipt names another consumer than
the parent's. The parent's next reserve() then loses its reply (a stall longer
than read_timeout): its following reserve() gets the task that read delivered,
no attempt counted, and the child's task is still in flight with the child's
consumer, not put back to run a second time.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/lock4_test.inc';
$srv = new FaultServer(['--enable-debug-command', 'local']);
$raw = $srv->raw();
$name = rl_name();
$q = new RedisQueue($srv->options(['read_timeout' => 0.2]));
$q->migrate($name);
$q->enqueue($name, ['held', 'child']);
$held = $q->reserve($name);
$file = rl_env('REDISLOCK_TEST_TMP') . '/lost-fork-' . getmypid();
$pid = l4_fork(function () use ($q, $name, $file) {
    $t = $q->reserve($name);
    file_put_contents($file, json_encode($t));
    return 0;
});
pcntl_waitpid($pid, $status);
$child = json_decode(file_get_contents($file), true);
@unlink($file);
var_dump($child['id']);
$consumer = fn(array $t) => explode('/', $t['receipt'])[1];
echo 'the child reserves as a consumer of its own: ', json_encode($consumer($child) !== $consumer($held)), "\n";

$q->enqueue($name, 'lost');
$stall = $srv->stall(2.0);
try {
    var_dump($q->reserve($name));
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
$t = $q->reserve($name);
var_dump($t['id'], $t['attempts']);
$pel = $raw->call('XPENDING', "{Queue:$name}:stream", 'rl', '-', '+', 10);
$of = [];
foreach ($pel as $e) {
    $of[$e[1] === $consumer($child) ? 'child' : ($e[1] === $consumer($held) ? 'parent' : 'other')][] = $e[3];
}
ksort($of);
echo 'in flight by consumer (delivery counts): ', json_encode($of), "\n";
var_dump($q->ack($name, 'child', $child['receipt']), $q->ack($name, 'held', $held['receipt']), $q->ack($name, 'lost', $t['receipt']));
echo json_encode($q->size($name)), "\n";
?>
--EXPECT--
string(5) "child"
the child reserves as a consumer of its own: true
RedisLockTimeoutException
string(4) "lost"
int(1)
in flight by consumer (delivery counts): {"child":[1],"parent":[1,1]}
bool(true)
bool(true)
bool(true)
{"due":0,"delayed":0,"inflight":0,"dead":0}
