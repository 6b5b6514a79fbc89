--TEST--
locks and locks --semaphore read the state of up to 1000 names per round trip (inspectMany()): 3,000 held locks and 3,000 semaphores in fewer than 500 reads of the server each
--DESCRIPTION--
On a server of the test's own, 3,000 locks and 3,000 semaphores are held. The
server's count of reads from its clients' sockets (a pipelined batch is read at
once) must grow by fewer than 500 per listing: one read per name before.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
use RedisLock\Bridge\Operator\Cli;

$server = new FaultServer();
$raw = $server->raw();
$dsn = "redis://127.0.0.1:{$server->port}";
$lock = new RedisLock($dsn);
$sem = new RedisSemaphore($dsn);
for ($i = 0; $i < 3000; $i++) {
    $lock->addLock(sprintf('order:%06d', $i), 300);
    $sem->acquire(sprintf('pool:%06d', $i), 3, 0, 300);
}
$reads = static function () use ($raw): int {
    preg_match('/^total_reads_processed:(\d+)/m', $raw->call('INFO', 'stats'), $m);
    return (int) $m[1];
};
foreach ([['locks', '--json'], ['locks', '--semaphore', '--json']] as $args) {
    $out = '';
    $cli = new Cli(function (string $s) use (&$out): void { $out .= $s; }, function (string $s): void {}, null, null, $dsn);
    $before = $reads();
    $status = $cli->run($args);
    $calls = $reads() - $before;
    $listed = count(json_decode($out, true)[$args[1] === '--semaphore' ? 'semaphores' : 'locks'] ?? []);
    rq_check($status === 0 && $listed === 3000 && $calls < 500, implode(' ', $args) . ': 3,000 names in fewer than 500 reads', [$status, $listed, $calls]);
}
?>
--EXPECT--
ok: locks --json: 3,000 names in fewer than 500 reads
ok: locks --semaphore --json: 3,000 names in fewer than 500 reads
