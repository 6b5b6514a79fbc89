--TEST--
Laravel 13 Queue::pause(), pauseFor() and resume() of our connection pause the queue on the server, so even a Worker that reads no pause flag takes nothing; before 13 the driver works
--DESCRIPTION--
Through Laravel's own QueueManager and Worker, on both layouts: pause() of the
redislock connection's queue pauses it on the server (stats() says so, pop()
gives nothing, and Laravel's Worker with Worker::$pausable off, which never reads
the cache flag, runs no job); resume() ends it and the Worker runs the job.
pauseFor() means what Laravel's cache makes of its ttl: whole seconds (the
fraction dropped: 0.9 is no pause at all, as Laravel forgets the flag), a
DateInterval or a DateTimeInterface rounded up to the second. A pause of
Laravel's own redis connection, or of another queue, leaves ours running.
Laravel before 13 (Debian 12 ships 8, 13 ships 10) has no QueueManager::pause():
the test shows it absent and the driver working (EXPECTREGEX allows either branch).
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
use Illuminate\Queue\Worker;

$app = lq_app();
$manager = $app['queue'];
$queue = $manager->connection('redislock');
$rq = $queue->getRedisQueue();
if (!method_exists($manager, 'pause')) {
    rq_check(true, 'this Laravel has no QueueManager::pause()');
    $id = $queue->push(new LqRecordJob('a'));
    $job = $queue->pop();
    rq_check($job !== null && $job->getJobId() === $id, 'and our jobs push and pop');
    $job->delete();
    exit;
}
rq_check(true, 'this Laravel has QueueManager::pause()');
Worker::$pausable = false;     // the Worker reads no pause flag: only the server's pause holds it
$worker = lq_worker($app);
foreach (['zset', 'stream'] as $layout) {
    $name = lq_queue() . ":$layout";
    if ($layout === 'stream') {
        $rq->migrate($name);
    }
    LqRecordJob::$runs = [];
    $queue->push(new LqRecordJob("$layout-a"), '', $name);
    $manager->pause('redislock', $name);
    rq_check($rq->stats($name)['paused'] === true && $rq->stats($name)['pause_left'] === null, "$layout: pause() pauses it on the server, until resumed");
    $worker->runNextJob('redislock', $name, lq_options());
    rq_check(LqRecordJob::$runs === [] && $queue->pop($name) === null, "$layout: the Worker runs nothing, pop() gives nothing", LqRecordJob::$runs);
    $manager->resume('redislock', $name);
    rq_check($rq->stats($name)['paused'] === false, "$layout: resume() ends it");
    $worker->runNextJob('redislock', $name, lq_options());
    rq_check(array_column(LqRecordJob::$runs, 1) === ["$layout-a", "$layout-a"], "$layout: the Worker runs the job", LqRecordJob::$runs);
    $queue->clear($name);
}
$name = lq_queue();
$left = function () use ($rq, $name) { $s = $rq->stats($name); return $s['paused'] ? $s['pause_left'] : 'no'; };
$manager->pauseFor('redislock', $name, 600);
$l = $left();
rq_check(is_float($l) && $l > 590 && $l <= 600, 'pauseFor(600): 600 s', $l);
$manager->pauseFor('redislock', $name, 0.9);
rq_check($left() === 'no', 'pauseFor(0.9): no pause (Laravel forgets its flag)', $left());
$manager->pauseFor('redislock', $name, new DateInterval('PT10S'));
$l = $left();
rq_check(is_float($l) && $l > 8 && $l <= 10, 'pauseFor(DateInterval 10 s): 10 s', $l);
$manager->pauseFor('redislock', $name, new DateTimeImmutable('+90 seconds'));
$l = $left();
rq_check(is_float($l) && $l > 85 && $l <= 91, 'pauseFor(a moment 90 s on): about 90 s', $l);
$manager->pauseFor('redislock', $name, new DateTimeImmutable('-5 seconds'));
rq_check($left() === 'no', 'pauseFor(a moment past): no pause', $left());
$manager->pause('redis', $name);
$manager->pause('redislock', $name . ':other');
rq_check($left() === 'no', "a pause of Laravel's redis connection or of another queue leaves ours running");
$manager->resume('redis', $name);
$manager->resume('redislock', $name . ':other');
?>
--EXPECTREGEX--
(ok: this Laravel has no QueueManager::pause\(\)
ok: and our jobs push and pop|ok: this Laravel has QueueManager::pause\(\)
ok: zset: pause\(\) pauses it on the server, until resumed
ok: zset: the Worker runs nothing, pop\(\) gives nothing
ok: zset: resume\(\) ends it
ok: zset: the Worker runs the job
ok: stream: pause\(\) pauses it on the server, until resumed
ok: stream: the Worker runs nothing, pop\(\) gives nothing
ok: stream: resume\(\) ends it
ok: stream: the Worker runs the job
ok: pauseFor\(600\): 600 s
ok: pauseFor\(0.9\): no pause \(Laravel forgets its flag\)
ok: pauseFor\(DateInterval 10 s\): 10 s
ok: pauseFor\(a moment 90 s on\): about 90 s
ok: pauseFor\(a moment past\): no pause
ok: a pause of Laravel's redis connection or of another queue leaves ours running)
