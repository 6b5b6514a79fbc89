--TEST--
Laravel queue driver: later() jobs come due by the Redis server's clock (seconds, a DateInterval or a date), not before, and then run
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app();
$queue = $app['queue']->connection('redislock');
$raw = new RawRedis();
$now = rq_server_time($raw);
$a = $queue->later(1.5, new LqRecordJob('l1'));
$b = $queue->later(new DateInterval('PT3S'), new LqRecordJob('l2'));
$c = $queue->later((new DateTimeImmutable())->modify('+45 seconds'), new LqRecordJob('l3'));
$key = 'Queue:' . lq_queue();
$due = [];
foreach ([$a => 1.5, $b => 3.0, $c => 45.0] as $id => $delay) {
    $due[$id] = (float) $raw->call('ZSCORE', $key, $id) - $now;
    /* From the server's clock before the calls: their own time (a loaded machine
     * stretches it) comes on top; 5 s only catches a due time that is wrong. */
    rq_check($due[$id] >= $delay - 0.5 && $due[$id] < $delay + 5, "due $delay s from now by the server's TIME", $due[$id]);
}
rq_check($queue->delayedSize() === 3 && $queue->pop() === null, 'none is handed out early');
$worker = lq_worker($app);
$deadline = microtime(true) + 40;
$ran = [];
while (count($ran) < 2 && microtime(true) < $deadline) {
    $worker->runNextJob('redislock', lq_queue(), lq_options());
    $ran = array_column(array_filter(LqRecordJob::$runs, fn ($r) => $r[0] === 'end'), 1);
}
rq_check($ran === ['l1', 'l2'], 'the first two ran when due, in order', LqRecordJob::$runs);
$end = rq_server_time($raw);
rq_check($end - $now >= 2.9, 'not before the server\'s clock said so', $end - $now);
rq_check($queue->delayedSize() === 1, 'the third still waits');
$queue->clear(lq_queue());
?>
--EXPECT--
ok: due 1.5 s from now by the server's TIME
ok: due 3 s from now by the server's TIME
ok: due 45 s from now by the server's TIME
ok: none is handed out early
ok: the first two ran when due, in order
ok: not before the server's clock said so
ok: the third still waits
