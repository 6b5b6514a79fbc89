--TEST--
Laravel ShouldBeUnique jobs with UniqueInQueue on a redislock connection: one script per dispatch, no lock; a duplicate is skipped until the job ends, with UniqueJobSkipped on 13
--DESCRIPTION--
On a server of its own (it counts the server's scripts and reads its keys). Jobs
dispatched by Laravel's own Schedule::job() (its UniqueLock, as PendingDispatch
uses it) and run by Laravel's Worker, on the application's default cache store being
our lock store (so a lock taken the usual way would show as a script of its own):
- a dispatch is one script on the server (INFO commandstats), and the duplicate too;
  no lock key is written; the duplicate raises no JobQueued, and UniqueJobSkipped
  where Laravel has it (13);
- ShouldBeUnique: the key is held while the job waits and while it runs (a dispatch
  from inside its handle() is skipped), then free; a job that fails for good frees it,
  and queue:retry's push of its payload takes it out of the dead letters;
- ShouldBeUniqueUntilProcessing: held while it waits; a dispatch from its handle()
  is queued;
- uniqueFor (Laravel's seconds) caps the hold by the server's clock, read from what
  the server keeps;
- on the stream layout the task is "unique:<uuid>" and its ack is not deferred:
  a dispatch from another process right after the job ran (before the worker's
  next pop) is queued;
- a unique id making the key over the queue's 64 KiB is taken (hashed);
- a job whose connection is another one (its own onConnection(), the default) gets
  the default cache from uniqueVia(): Laravel's lock there, as without the trait.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_schedule.inc';

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldBeUnique;
use Illuminate\Contracts\Queue\ShouldBeUniqueUntilProcessing;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Queue\InteractsWithQueue;
use RedisLock\Bridge\Laravel\Queue\UniqueInQueue;

final class UqJob implements ShouldQueue, ShouldBeUnique
{
    use InteractsWithQueue;
    use Queueable;
    use UniqueInQueue;

    /** @var list<string> */
    public static array $ran = [];
    /** @var (callable(self): void)|null */
    public static $during = null;
    public $tries = 1;

    public function __construct(public string $uniqueId, public string $tag, public bool $throw = false, public int $uniqueFor = 0)
    {
    }

    public function handle(): void
    {
        self::$ran[] = $this->tag;
        if (self::$during !== null) {
            (self::$during)($this);
        }
        if ($this->throw) {
            throw new RuntimeException("fails: $this->tag");
        }
    }
}

final class UqStartedJob implements ShouldQueue, ShouldBeUniqueUntilProcessing
{
    use InteractsWithQueue;
    use Queueable;
    use UniqueInQueue;

    /** @var (callable(self): void)|null */
    public static $during = null;

    public function __construct(public string $uniqueId, public string $tag)
    {
    }

    public function handle(): void
    {
        UqJob::$ran[] = $this->tag;
        if (self::$during !== null) {
            (self::$during)($this);
        }
    }
}

// A server of its own: the test counts the server's scripts and reads its keys.
$srv = rq_own_main_server();
$raw = new RawRedis();
$queue = lq_queue();
$app = ls_app('locks', 1.0);
$schedule = new Illuminate\Console\Scheduling\Schedule();
$dispatch = fn (object $job) => $schedule->job($job, $queue, 'redislock')->run($app);
$connection = $app['queue']->connection('redislock');
$size = fn () => $connection->size($queue);
$scripts = fn () => rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
$run = fn () => lq_worker($app)->runNextJob('redislock', $queue, lq_options());
$queued = $skipped = 0;
$app['events']->listen(Illuminate\Queue\Events\JobQueued::class, function () use (&$queued) {
    $queued++;
});
$skippedClass = 'Illuminate\Queue\Events\UniqueJobSkipped';
if (class_exists($skippedClass)) {
    $app['events']->listen($skippedClass, function ($e) use (&$skipped) {
        $skipped++;
    });
}

$dispatch(new UqJob('w', 'warm-up'));
$run();
UqJob::$ran = [];

$before = $scripts();
$dispatch(new UqJob('a', 'a1'));
$first = $scripts() - $before;
$before = $scripts();
$dispatch(new UqJob('a', 'a2'));
$second = $scripts() - $before;
rq_check($first === 1 && $second === 1 && $size() === 1, 'a dispatch is one script, the duplicate one script and not queued', [$first, $second, $size()]);
rq_check($queued === 2 && rq_state_keys($raw, 'laravel_unique_job') === [], 'JobQueued for the queued job only (and the warm-up); no lock key',
    [$queued, rq_state_keys($raw, 'laravel_unique_job')]);
echo class_exists($skippedClass) ? ($skipped === 1 ? "ok: UniqueJobSkipped once\n" : "FAILED: UniqueJobSkipped $skipped\n") : "ok: no UniqueJobSkipped in this Laravel\n";

$inside = null;
UqJob::$during = function () use ($dispatch, &$inside) {
    UqJob::$during = null;
    $inside = $dispatch(new UqJob('a', 'a3'));
};
$run();
rq_check(UqJob::$ran === ['a1'] && $size() === 0, 'ShouldBeUnique: a dispatch while it runs is skipped', [UqJob::$ran, $size()]);
$dispatch(new UqJob('a', 'a4'));
rq_check($size() === 1, 'once it ran, a dispatch is queued');
$run();

/* A job that fails for good (tries 1) frees its key. */
$dispatch(new UqJob('f', 'f1', true));
$run();
$dispatch(new UqJob('f', 'f2'));
rq_check(count($app['lq.failed']) === 1 && $size() === 1, 'a job that failed for good frees the key', [count($app['lq.failed']), $size()]);
$run();
/* queue:retry pushes the logged payload again (pushRaw()): under the same task id,
 * which takes it out of the dead letters. */
$failed = $app['lq.failed'][0];
$deadBefore = rq_queue()->size($queue)['dead'];
$retried = $connection->pushRaw($failed[2], $failed[1]);
rq_check($deadBefore === 1 && str_starts_with($retried, 'unique:') && rq_queue()->size($queue)['dead'] === 0 && $size() === 1,
    'queue:retry\'s push of the failed one goes under its task id "unique:<uuid>" and out of the dead letters', [$deadBefore, $retried, rq_queue()->size($queue)]);
$run();

/* ShouldBeUniqueUntilProcessing. */
UqJob::$ran = [];
$dispatch(new UqStartedJob('s', 's1'));
$dispatch(new UqStartedJob('s', 's2'));
UqStartedJob::$during = function () use ($dispatch) {
    UqStartedJob::$during = null;
    $dispatch(new UqStartedJob('s', 's3'));
};
$run();
rq_check(UqJob::$ran === ['s1'] && $size() === 1, 'UntilProcessing: a duplicate while it waits is skipped, a dispatch while it runs is queued', [UqJob::$ran, $size()]);
$run();

/* uniqueFor caps the hold by the server's clock. */
$t0 = rq_server_time($raw);
$dispatch(new UqJob('c', 'c1', false, 1));
$probe = new UqJob('c', 'x');
$key = method_exists(Illuminate\Bus\UniqueLock::class, 'getKey') && (new ReflectionMethod(Illuminate\Bus\UniqueLock::class, 'getKey'))->isStatic()
    ? Illuminate\Bus\UniqueLock::getKey($probe) : 'laravel_unique_job:' . UqJob::class . 'c';
$cap = (int) explode('|', (string) $raw->call('HGET', "{Queue:$queue}:keyed", "k$key"))[0] / 1e6;
rq_check($cap >= $t0 + 1 - 0.001 && $cap <= rq_server_time($raw) + 1 + 0.001, 'the cap is the dispatch + uniqueFor, by the server\'s clock', [$cap, $t0]);
while (rq_server_time($raw) <= $cap) {
    usleep(20000);
}
$dispatch(new UqJob('c', 'c2', false, 1));
rq_check($size() === 2, 'past uniqueFor, a dispatch while the first still waits is queued, as the lock\'s expiry lets it in', $size());
$run();
$run();

/* A unique id that makes the key longer than the queue's 64 KiB is taken (hashed). */
$long = str_repeat('u', 70000);
$dispatch(new UqJob($long, 'l1'));
$dispatch(new UqJob($long, 'l2'));
rq_check($size() === 1, 'a unique id of 70,000 bytes: queued once');
$run();

/* On the stream layout, where a job's ack is deferred to the worker's next pop: a
 * unique job's is not, so its key is free once it ran, before any other pop. */
$streamed = "$queue-stream";
$connection->getRedisQueue()->migrate($streamed);
$schedule->job(new UqJob('s', 's1'), $streamed, 'redislock')->run($app);
$ids = array_column($connection->getRedisQueue()->top($streamed, 5), 'id');
lq_worker($app)->runNextJob('redislock', $streamed, lq_options());
// A dispatch from another process: its own connection, the submit the driver sends.
$sKey = method_exists(Illuminate\Bus\UniqueLock::class, 'getKey') && (new ReflectionMethod(Illuminate\Bus\UniqueLock::class, 'getKey'))->isStatic()
    ? Illuminate\Bus\UniqueLock::getKey(new UqJob('s', 'x')) : 'laravel_unique_job:' . UqJob::class . 's';
$elsewhere = rq_queue()->submit($streamed, 'unique:probe', 'x', unique: 'until_done', uniqueKey: $sKey);
rq_check(count($ids) === 1 && str_starts_with($ids[0], 'unique:') && $elsewhere === 'queued',
    'stream layout: the task is "unique:<uuid>", and once it ran a dispatch from another process is queued at once (its ack was not deferred)', [$ids, $elsewhere]);
rq_queue()->clear($streamed);

/* Another connection: Laravel's own lock. */
$elsewhere = (new UqJob('o', 'o1'))->onConnection('redis');
rq_check($elsewhere->uniqueVia() === $app->make(Illuminate\Contracts\Cache\Repository::class) && (new UqJob('o', 'o2'))->uniqueVia()->getStore() instanceof RedisLock\Bridge\Laravel\Queue\QueueUniqueStore,
    'on another connection uniqueVia() is the default cache (Laravel\'s lock there); on ours it is the queue\'s');
rq_check($size() === 0, 'all ran');
$srv->stop();
?>
--EXPECTF--
ok: a dispatch is one script, the duplicate one script and not queued
ok: JobQueued for the queued job only (and the warm-up); no lock key
ok: %s
ok: ShouldBeUnique: a dispatch while it runs is skipped
ok: once it ran, a dispatch is queued
ok: a job that failed for good frees the key
ok: queue:retry's push of the failed one goes under its task id "unique:<uuid>" and out of the dead letters
ok: UntilProcessing: a duplicate while it waits is skipped, a dispatch while it runs is queued
ok: the cap is the dispatch + uniqueFor, by the server's clock
ok: past uniqueFor, a dispatch while the first still waits is queued, as the lock's expiry lets it in
ok: a unique id of 70,000 bytes: queued once
ok: stream layout: the task is "unique:<uuid>", and once it ran a dispatch from another process is queued at once (its ack was not deferred)
ok: on another connection uniqueVia() is the default cache (Laravel's lock there); on ours it is the queue's
ok: all ran
