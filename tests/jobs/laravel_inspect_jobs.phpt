--TEST--
Laravel 13 queue inspection on our driver: pendingJobs(), delayedJobs(), reservedJobs() and all*Jobs() give InspectedJobs with the server's attempts, both layouts; before 13 the driver works
--DESCRIPTION--
Laravel 13 added queue inspection to its drivers (InspectedJob::fromPayload()).
On each layout: two jobs pushed, one later(120), one popped (reserved).
pendingJobs() is the other pushed one (its uuid, name, queue, 0 attempts),
delayedJobs() the later one, reservedJobs() the popped one with 1 attempt, as
Laravel's Worker counts it. Released with a delay of 60 s, the popped job is
delayed with its 1 attempt (the server's count: the payload says 0, or nothing), and
nothing is reserved. A queue named by a backed enum is read by its value, and
allPendingJobs() finds the jobs of every queue (among whatever other queues the
shared server holds, whose tasks need not be Laravel's: a task whose payload is
not a JSON object, or an object whose uuid, displayName or attempts have other
types, is an InspectedJob of its id, with no name). On Laravel before 13 (Debian 12 ships 8, 13
ships 10) there is no InspectedJob: Laravel's own redis driver has no
pendingJobs(), ours throws LogicException naming Laravel 13, and its jobs still
push and pop. The expected output allows either branch (EXPECTREGEX).
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
enum LqiQueue: string
{
    case Mail = 'laravel_inspect_jobs:enum';
}
$app = lq_app();
$queue = $app['queue']->connection('redislock');
if (!class_exists(Illuminate\Queue\Jobs\InspectedJob::class)) {
    rq_check(!method_exists(Illuminate\Queue\RedisQueue::class, 'pendingJobs'), "this Laravel's redis driver has no pendingJobs()");
    try {
        $queue->pendingJobs();
        rq_check(false, 'ours throws LogicException naming Laravel 13');
    } catch (LogicException $e) {
        rq_check(str_contains($e->getMessage(), 'Laravel 13'), 'ours throws LogicException naming Laravel 13', $e->getMessage());
    }
    $id = $queue->push(new LqRecordJob('a'));
    $job = $queue->pop();
    rq_check($job !== null && $job->getJobId() === $id, 'and its jobs push and pop');
    $job->delete();
    $queue->clear(lq_queue());
    exit;
}
rq_check(true, 'this Laravel has InspectedJob');
$uuids = fn ($jobs) => $jobs->map(fn ($j) => $j->uuid)->values()->all();
foreach (['zset', 'stream'] as $layout) {
    $name = lq_queue() . ":$layout";
    if ($layout === 'stream') {
        $queue->getRedisQueue()->migrate($name);
    }
    $a = $queue->push(new LqRecordJob('a'), '', $name);
    $b = $queue->push(new LqRecordJob('b'), '', $name);
    $c = $queue->later(120, new LqRecordJob('c'), '', $name);
    $job = $queue->pop($name);
    rq_check($job !== null && $job->getJobId() === $a, "$layout: the first job popped");
    $pending = $queue->pendingJobs($name);
    $p = $pending->first();
    rq_check($uuids($pending) === [$b] && $p instanceof Illuminate\Queue\Jobs\InspectedJob && $p->name === LqRecordJob::class
        && $p->queue === $name && $p->attempts === 0, "$layout: pendingJobs() is the other pushed job", $pending->all());
    $delayed = $queue->delayedJobs($name);
    rq_check($uuids($delayed) === [$c] && $delayed->first()->attempts === 0 && $delayed->first()->queue === $name, "$layout: delayedJobs() the later one", $delayed->all());
    $reserved = $queue->reservedJobs($name);
    rq_check($uuids($reserved) === [$a] && $reserved->first()->attempts === 1 && $reserved->first()->name === LqRecordJob::class,
        "$layout: reservedJobs() the popped one, its first attempt", $reserved->all());
    $job->release(60);
    $delayed = $queue->delayedJobs($name);
    rq_check($uuids($delayed) === [$a, $c] && $delayed->first()->attempts === 1 && ($delayed->first()->payload['attempts'] ?? 0) === 0,
        "$layout: released for 60 s, delayed with the server's attempt", $delayed->all());
    rq_check($queue->reservedJobs($name)->isEmpty(), "$layout: nothing reserved");
    $queue->clear($name);
}
$queue->clear(LqiQueue::Mail->value);
$e = $queue->push(new LqRecordJob('e'), '', LqiQueue::Mail->value);
rq_check($uuids($queue->pendingJobs(LqiQueue::Mail)) === [$e], 'a queue named by a backed enum is read by its value');
/* Tasks that are not Laravel's: a plain RedisQueue producer's bytes under the same prefix. */
$plain = rl_name(':plain');
$odd = ['raw-1' => 'hello', 'raw-2' => '5', 'raw-3' => '{"displayName":["x"]}', 'raw-4' => '{"uuid":{"a":1}}', 'raw-5' => '{"attempts":"many"}',
    'raw-6' => '{"attempts":1e40}'];
rq_queue()->enqueue($plain, array_keys($odd), payload: $odd);
rq_queue()->enqueue($plain, 'bare');
$others = $queue->pendingJobs($plain);
rq_check($uuids($others) === [...array_keys($odd), 'bare'] && $others->every(fn ($j) => $j->name === null && $j->payload === [] && $j->queue === $plain),
    "a queue's tasks that are not Laravel jobs: InspectedJobs of their ids, no name, an empty payload", $others->all());
$d = $queue->push(new LqRecordJob('d'));
$all = $uuids($queue->allPendingJobs());
rq_check(in_array($d, $all, true) && in_array($e, $all, true) && in_array('raw-1', $all, true), 'allPendingJobs() finds the jobs of every queue');
rq_check($queue->allDelayedJobs() instanceof Illuminate\Support\Collection && $queue->allReservedJobs() instanceof Illuminate\Support\Collection,
    'allDelayedJobs() and allReservedJobs() are collections');
$queue->clear(lq_queue());
$queue->clear(LqiQueue::Mail->value);
rq_queue()->clear($plain);
?>
--EXPECTREGEX--
(ok: this Laravel's redis driver has no pendingJobs\(\)
ok: ours throws LogicException naming Laravel 13
ok: and its jobs push and pop|ok: this Laravel has InspectedJob
ok: zset: the first job popped
ok: zset: pendingJobs\(\) is the other pushed job
ok: zset: delayedJobs\(\) the later one
ok: zset: reservedJobs\(\) the popped one, its first attempt
ok: zset: released for 60 s, delayed with the server's attempt
ok: zset: nothing reserved
ok: stream: the first job popped
ok: stream: pendingJobs\(\) is the other pushed job
ok: stream: delayedJobs\(\) the later one
ok: stream: reservedJobs\(\) the popped one, its first attempt
ok: stream: released for 60 s, delayed with the server's attempt
ok: stream: nothing reserved
ok: a queue named by a backed enum is read by its value
ok: a queue's tasks that are not Laravel jobs: InspectedJobs of their ids, no name, an empty payload
ok: allPendingJobs\(\) finds the jobs of every queue
ok: allDelayedJobs\(\) and allReservedJobs\(\) are collections)
