--TEST--
redislock and Metrics: listings are streamed page by page, so their memory does not grow with the number of names
--DESCRIPTION--
Listings are streamed page by page: the memory that locks, locks --json, locks
--semaphore, queues and metrics (text and --json) need grows by less than 3 MB
from 2,000 to 20,000 names, and queues lists 3,000 queues (its round trips are
not counted here: how many reads of the server a pipelined page takes depends on
the machine's load)

On a server of the test's own, 2,000 and then 20,000 locks are held (and as many
semaphores), and 3,000 queues hold a task each. Each listing runs in this
process, its output counted and dropped; the peak memory above the start is
measured for each. Before, every row of every name was kept until the end (about
1.6 KB per lock on the metrics page).
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
use RedisLock\Bridge\Operator\Cli;

$server = new FaultServer();
$dsn = "redis://127.0.0.1:{$server->port}";
$lock = new RedisLock($dsn);
$sem = new RedisSemaphore($dsn);
$q = new RedisQueue($dsn);
$run = static function (array $args) use ($dsn): array {
    $bytes = 0;
    $err = '';
    $cli = new Cli(function (string $s) use (&$bytes): void { $bytes += strlen($s); }, function (string $s) use (&$err): void { $err .= $s; }, null, null, $dsn);
    gc_collect_cycles();
    $base = memory_get_usage();
    memory_reset_peak_usage();
    $status = $cli->run($args);
    return ['status' => $status, 'bytes' => $bytes, 'peak' => memory_get_peak_usage() - $base, 'stderr' => $err];
};
$listings = [['locks'], ['locks', '--json'], ['locks', '--semaphore'], ['metrics'], ['metrics', '--json']];
$fill = static function (int $from, int $to) use ($lock, $sem): void {
    for ($i = $from; $i < $to; $i++) {
        $lock->addLock(sprintf('order:%06d', $i), 300);
        $sem->acquire(sprintf('pool:%06d', $i), 3, 0, 300);
    }
};
$fill(0, 2000);
$small = [];
foreach ($listings as $args) {
    $small[implode(' ', $args)] = $run($args);
}
$fill(2000, 20000);
foreach ($listings as $args) {
    $what = implode(' ', $args);
    $big = $run($args);
    rq_check($big['status'] === 0 && $small[$what]['status'] === 0 && $big['bytes'] > 8 * $small[$what]['bytes'], "$what: every name listed", [$small[$what], $big]);
    $growth = $big['peak'] - $small[$what]['peak'];
    rq_check($growth < 3 * 1048576, "$what: memory grows by less than 3 MB from 2,000 to 20,000 names", sprintf('%.1f MB -> %.1f MB', $small[$what]['peak'] / 1048576, $big['peak'] / 1048576));
}

for ($i = 0; $i < 3000; $i++) {
    $q->enqueue(sprintf('q%05d', $i), 'job');
}
$r = $run(['queues', '--json']);
rq_check($r['status'] === 0 && $r['bytes'] > 3000 * 100, 'queues: 3,000 queues listed', $r);
?>
--EXPECT--
ok: locks: every name listed
ok: locks: memory grows by less than 3 MB from 2,000 to 20,000 names
ok: locks --json: every name listed
ok: locks --json: memory grows by less than 3 MB from 2,000 to 20,000 names
ok: locks --semaphore: every name listed
ok: locks --semaphore: memory grows by less than 3 MB from 2,000 to 20,000 names
ok: metrics: every name listed
ok: metrics: memory grows by less than 3 MB from 2,000 to 20,000 names
ok: metrics --json: every name listed
ok: metrics --json: memory grows by less than 3 MB from 2,000 to 20,000 names
ok: queues: 3,000 queues listed
