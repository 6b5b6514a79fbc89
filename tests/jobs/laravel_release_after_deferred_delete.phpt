--TEST--
Laravel queue driver: a release() right after the delete() of another job on the same connection sends that deferred ack first, and both take effect
--DESCRIPTION--
delete() keeps its ack on the driver's RedisQueue until the next pop(); any other
call sends it first. Two jobs reserved by one driver: A is deleted (its ack
deferred), then B released with a delay. Seen from another connection right after
the release: A is acked (gone), B is delayed, nothing is left reserved. Then the
same with fail() after a deferred delete().
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app(['retry_after' => 30]);
$queue = $app['queue']->connection('redislock');
$queue->getRedisQueue()->migrate(lq_queue());   // redislock migrate-queue: the stream layout, where delete() defers
$other = rq_queue();
$idA = $queue->push(new LqRecordJob('a'));
$idB = $queue->push(new LqRecordJob('b'));
$a = $queue->pop();
$b = $queue->pop();
rq_check($a->getJobId() === $idA && $b->getJobId() === $idB, 'one driver reserved A and B');
$a->delete();
$b->release(30);
$size = $other->size(lq_queue());
rq_check($size['inflight'] === 0 && $size['delayed'] === 1 && $size['dead'] === 0, 'after B\'s release: A acked, B delayed, nothing reserved', $size);
$stats = $other->stats(lq_queue());
rq_check($stats['next_due_in'] > 29 && $stats['next_due_in'] <= 30.05, 'B is due in 30 s', $stats);
$queue->clear(null);

$idC = $queue->push(new LqRecordJob('c'));
$idD = $queue->push(new LqRecordJob('d'));
$c = $queue->pop();
$d = $queue->pop();
$c->delete();
$d->fail(new RuntimeException('d fails'));
$size = $other->size(lq_queue());
$dead = array_column($other->dead(lq_queue()), 'id');
rq_check($size['inflight'] === 0 && $size['delayed'] === 0 && $dead === [$idD], 'after D\'s fail: C acked, D dead, nothing reserved', [$size, $dead]);
$queue->clear(null);
?>
--EXPECT--
ok: one driver reserved A and B
ok: after B's release: A acked, B delayed, nothing reserved
ok: B is due in 30 s
ok: after D's fail: C acked, D dead, nothing reserved
