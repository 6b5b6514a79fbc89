--TEST--
Laravel 13 #[DebounceFor] jobs with DebounceInQueue on a redislock connection: one job per debounce key, the last dispatch's, one script per dispatch; Laravel's way without it; absent before 13
--DESCRIPTION--
On a server of its own (it counts the server's commands). Laravel 13 debounces a
job with #[DebounceFor] in PendingDispatch (Illuminate\Foundation, which Debian does
not package: the test runs its acquireDebounceLock() steps, Laravel's own
DebounceLock, then Laravel's bus dispatcher) and a queued listener with it in its
event dispatcher (Laravel's own, end to end). Run by Laravel's Worker:
- a job with DebounceInQueue: each dispatch is one script on the server (the
  submit), nothing is put in the cache; three dispatches leave one job, with the
  last dispatch's payload, and it runs once; JobQueued is raised for each dispatch,
  as Laravel raises it;
- maxWait: a dispatch that would push the job past the first dispatch + maxWait is
  due at that moment instead, by the server's clock;
- a dispatch while the job runs is a new job (a debounce holds while the job waits);
- a queued listener, and a job without the trait (Laravel's cache keeps the debounce
  owner): each dispatch is a job, as Laravel queues it, and Laravel's own check
  runs the last one only, also when two dispatches' cache writes and pushes
  interleave;
- with the trait, a dispatch while a run waits for its retry replaces it and runs
  as a first attempt; maxWait 0 makes a second dispatch due at once;
- the stream layout too;
- before Laravel 13 (no #[DebounceFor]): the trait changes nothing, every dispatch
  is a job of its own.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_schedule.inc';
require_once __DIR__ . '/../harness/lock4_test.inc';

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Queue\InteractsWithQueue;
use RedisLock\Bridge\Laravel\Queue\DebounceInQueue;

$hasDebounce = class_exists('Illuminate\Queue\Attributes\DebounceFor');
if ($hasDebounce) {
    eval(<<<'PHP'
    #[Illuminate\Queue\Attributes\DebounceFor(1)]
    final class DqJob implements Illuminate\Contracts\Queue\ShouldQueue
    {
        use Illuminate\Queue\InteractsWithQueue;
        use Illuminate\Bus\Queueable;
        use RedisLock\Bridge\Laravel\Queue\DebounceInQueue;

        /** @var list<string> */
        public static array $ran = [];
        /** @var (callable(self): void)|null */
        public static $during = null;

        public function __construct(public string $debounceId, public string $tag)
        {
        }

        public function handle(): void
        {
            self::$ran[] = $this->tag;
            if (self::$during !== null) {
                (self::$during)($this);
            }
        }
    }

    #[Illuminate\Queue\Attributes\DebounceFor(100, maxWait: 2)]
    final class DqCappedJob implements Illuminate\Contracts\Queue\ShouldQueue
    {
        use Illuminate\Queue\InteractsWithQueue;
        use Illuminate\Bus\Queueable;
        use RedisLock\Bridge\Laravel\Queue\DebounceInQueue;

        public function __construct(public string $debounceId, public string $tag)
        {
        }

        public function handle(): void
        {
            DqJob::$ran[] = $this->tag;
        }
    }

    #[Illuminate\Queue\Attributes\DebounceFor(1)]
    final class DqPlainJob implements Illuminate\Contracts\Queue\ShouldQueue
    {
        use Illuminate\Queue\InteractsWithQueue;
        use Illuminate\Bus\Queueable;

        public function __construct(public string $debounceId, public string $tag)
        {
        }

        public function handle(): void
        {
            DqJob::$ran[] = $this->tag;
        }
    }

    #[Illuminate\Queue\Attributes\DebounceFor(1)]
    final class DqRetriedJob implements Illuminate\Contracts\Queue\ShouldQueue
    {
        use Illuminate\Queue\InteractsWithQueue;
        use Illuminate\Bus\Queueable;
        use RedisLock\Bridge\Laravel\Queue\DebounceInQueue;

        public static bool $release = false;
        public $tries = 1;

        public function __construct(public string $debounceId, public string $tag)
        {
        }

        public function handle(): void
        {
            DqJob::$ran[] = $this->tag . '#' . $this->attempts();
            if (self::$release) {
                self::$release = false;
                $this->release(0);
            }
        }
    }

    #[Illuminate\Queue\Attributes\DebounceFor(100, maxWait: 0)]
    final class DqNoWaitJob implements Illuminate\Contracts\Queue\ShouldQueue
    {
        use Illuminate\Queue\InteractsWithQueue;
        use Illuminate\Bus\Queueable;
        use RedisLock\Bridge\Laravel\Queue\DebounceInQueue;

        public function __construct(public string $debounceId, public string $tag)
        {
        }

        public function handle(): void
        {
        }
    }

    final class DqEvent
    {
        public function __construct(public string $doc, public string $tag)
        {
        }
    }

    #[Illuminate\Queue\Attributes\DebounceFor(1)]
    final class DqListener implements Illuminate\Contracts\Queue\ShouldQueue
    {
        public function debounceId(DqEvent $event): string
        {
            return $event->doc;
        }

        public function handle(DqEvent $event): void
        {
            DqJob::$ran[] = "listener:$event->tag";
        }
    }
    PHP);
} else {
    final class DqJob implements ShouldQueue
    {
        use InteractsWithQueue;
        use Queueable;
        use DebounceInQueue;

        /** @var list<string> */
        public static array $ran = [];

        public function __construct(public string $debounceId, public string $tag)
        {
        }

        public function handle(): void
        {
            self::$ran[] = $this->tag;
        }
    }
}

// A server of its own: the test counts the server's commands.
$srv = rq_own_main_server();
$raw = new RawRedis();
$queue = lq_queue();
$app = ls_app('array', 1.0);
$connection = $app['queue']->connection('redislock');
$size = fn (?string $q = null) => $connection->size($q ?? $queue);
// Scripts the server ran (Valkey counts the commands inside a script too, so the
// scripts are what a dispatch is counted in; a dispatch that took a lock or wrote
// the cache on the server would be a script more).
$scripts = fn () => rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
$run = fn (?string $q = null) => lq_worker($app)->runNextJob('redislock', $q ?? $queue, lq_options());
$untilDue = function (?string $q = null) use ($connection, $queue) {
    l4_until(fn () => $connection->pendingSize($q ?? $queue) > 0, 30);
};
$queued = $debounced = 0;
$app['events']->listen(Illuminate\Queue\Events\JobQueued::class, function () use (&$queued) {
    $queued++;
});
$app['events']->listen('Illuminate\Queue\Events\JobDebounced', function () use (&$debounced) {
    $debounced++;
});
/* What Laravel 13's PendingDispatch does for a #[DebounceFor] job when it is
 * dispatched (its acquireDebounceLock(), then the bus dispatcher's dispatch()). */
$dispatch = function (object $job, ?string $onQueue = null) use ($app) {
    $debounceFor = (new ReflectionClass($job))->getAttributes('Illuminate\Queue\Attributes\DebounceFor')[0]->newInstance()->debounceFor;
    $result = (new Illuminate\Bus\DebounceLock($app->make(Illuminate\Contracts\Cache\Repository::class)))->acquire($job, $debounceFor);
    $job->debounceOwner = $result['owner'];
    if ($job->delay === null) {
        $job->delay = $result['maxWaitExceeded'] ? 0 : $debounceFor;
    }
    if ($onQueue !== null) {
        $job->onQueue($onQueue);
    }
    $app->make(Illuminate\Contracts\Bus\Dispatcher::class)->dispatch($job);
};

if (!$hasDebounce) {
    $bus = $app->make(Illuminate\Contracts\Bus\Dispatcher::class);
    foreach (['a1', 'a2', 'a3'] as $tag) {
        $bus->dispatch(new DqJob('doc-a', $tag));
    }
    rq_check($size() === 3, 'no #[DebounceFor] in this Laravel: each dispatch is a job of its own', $size());
    $run();
    $run();
    $run();
    rq_check(DqJob::$ran === ['a1', 'a2', 'a3'] && $size() === 0, 'and each runs', DqJob::$ran);
    $srv->stop();
    echo "done\n";
    exit;
}

/* A job with DebounceInQueue: after a warm-up (the connection, the script's load). */
$dispatch(new DqJob('warm-up', 'w'), "$queue-warm-up");
rq_queue()->clear("$queue-warm-up");
$queued = 0;
$before = $scripts();
$dispatch(new DqJob('doc-a', 'a1'));
$first = $scripts() - $before;
$before = $scripts();
$dispatch(new DqJob('doc-a', 'a2'));
$dispatch(new DqJob('doc-a', 'a3'));
$more = $scripts() - $before;
$dispatch(new DqJob('doc-b', 'b1'));
rq_check($first === 1 && $more === 2, 'each dispatch is one script on the server', [$first, $more]);
$probe = new DqJob('doc-a', 'x');
rq_check($app['cache']->get(Illuminate\Bus\DebounceLock::getKey($probe)) === null, 'nothing is kept in the cache');
rq_check($size() === 2 && $queued === 4, 'one job per debounce key; JobQueued for each dispatch', [$size(), $queued]);
$payloads = array_map(fn ($t) => json_decode($t['payload'], true)['data']['command'] ?? '', rq_queue()->delayed($queue, 10));
$tags = array_map(fn ($c) => preg_match('/"tag";s:2:"(\w+)"/', $c, $m) ? $m[1] : null, $payloads);
sort($tags);
rq_check($tags === ['a3', 'b1'],
    'the waiting job carries the last dispatch\'s payload');
$untilDue();
$run();
$run();
sort(DqJob::$ran);
rq_check(DqJob::$ran === ['a3', 'b1'] && $size() === 0 && $debounced === 0, 'each key\'s job runs once, the last dispatch\'s', [DqJob::$ran, $size(), $debounced]);

/* maxWait by the server's clock: the second dispatch would push the job 100 s on;
 * it is due 2 s after the first instead. */
$t0 = rq_server_time($raw);
$dispatch(new DqCappedJob('doc-c', 'c1'));
$dispatch(new DqCappedJob('doc-c', 'c2'));
$due = rq_queue()->delayed($queue, 5)[0]['score'] ?? 0.0;
rq_check($size() === 1 && $due >= $t0 + 2 - 0.001 && $due <= rq_server_time($raw) + 2 + 0.001,
    'maxWait: the job is due at the first dispatch + maxWait, not the last + debounceFor', [$size(), $due, $t0]);
rq_queue()->clear($queue);

/* A dispatch while the job runs is a job of its own. */
DqJob::$ran = [];
$dispatch(new DqJob('doc-d', 'd1'));
DqJob::$during = function () use ($dispatch) {
    DqJob::$during = null;
    $dispatch(new DqJob('doc-d', 'd2'));
};
$untilDue();
$run();
rq_check(DqJob::$ran === ['d1'] && $size() === 1, 'a dispatch while it runs is queued', [DqJob::$ran, $size()]);
$untilDue();
$run();
rq_check(DqJob::$ran === ['d1', 'd2'], 'and runs after it', DqJob::$ran);

/* A queued listener: Laravel's event dispatcher, Laravel's cache, Laravel's way. */
DqJob::$ran = [];
$app['events']->setQueueResolver(fn () => $app['queue']);
$app['events']->listen(DqEvent::class, DqListener::class);
foreach (['e1', 'e2', 'e3'] as $tag) {
    $app['events']->dispatch(new DqEvent('doc-e', $tag));
}
rq_check($size() === 3, 'a queued listener (its owner in Laravel\'s cache): three events, three jobs, as Laravel queues them', $size());
$untilDue();
l4_until(fn () => $connection->pendingSize($queue) === 3, 30);
$run();
$run();
$run();
rq_check(DqJob::$ran === ['listener:e3'] && $debounced === 2 && $size() === 0,
    'the listener runs once, with the last event; Laravel\'s own check drops the two others', [DqJob::$ran, $debounced]);

/* A job without the trait, two dispatches whose cache writes and pushes
 * interleave (P1 writes its owner, P2 writes its own and pushes, P1 pushes): the
 * job of the owner the cache holds runs, once. */
DqJob::$ran = [];
$debounced = 0;
$cache = $app->make(Illuminate\Contracts\Cache\Repository::class);
$p1 = new DqPlainJob('doc-p', 'p1');
$p2 = new DqPlainJob('doc-p', 'p2');
foreach ([$p1, $p2] as $job) {
    $job->debounceOwner = (new Illuminate\Bus\DebounceLock($cache))->acquire($job, 1)['owner'];
    $job->delay = 1;
}
$bus = $app->make(Illuminate\Contracts\Bus\Dispatcher::class);
$bus->dispatch($p2);
$bus->dispatch($p1);
rq_check($size() === 2, 'without the trait: each dispatch is a job', $size());
l4_until(fn () => $connection->pendingSize($queue) === 2, 30);
$run();
$run();
rq_check(DqJob::$ran === ['p2'] && $debounced === 1 && $size() === 0, 'the job of the owner the cache holds runs, once', [DqJob::$ran, $debounced]);

/* With the trait, a dispatch while a run waits for its retry (released) replaces
 * it, and runs as a new job (its attempts from 0: tries 1 is not used up). */
DqJob::$ran = [];
DqRetriedJob::$release = true;
$dispatch(new DqRetriedJob('doc-r', 'r1'));
$untilDue();
$run();
rq_check(DqJob::$ran === ['r1#1'] && $size() === 1, 'the first run released itself', [DqJob::$ran, $size()]);
$dispatch(new DqRetriedJob('doc-r', 'r2'));
rq_check($size() === 1, 'the dispatch took the waiting retry', $size());
$untilDue();
$run();
rq_check(DqJob::$ran === ['r1#1', 'r2#1'] && count($app['lq.failed']) === 0 && $size() === 0,
    'the last dispatch runs, as its first attempt; nothing failed', [DqJob::$ran, count($app['lq.failed'])]);

/* maxWait 0, as Laravel reads it: a second dispatch is due at once. */
$dispatch(new DqNoWaitJob('doc-z', 'z1'));
$dispatch(new DqNoWaitJob('doc-z', 'z2'));
rq_check($size() === 1 && l4_until(fn () => $connection->pendingSize($queue) === 1, 5), 'maxWait 0: the second dispatch is due at once', $size());
rq_queue()->clear($queue);

/* The stream layout. */
DqJob::$ran = [];
$streamed = "$queue-stream";
$connection->getRedisQueue()->migrate($streamed);
foreach (['s1', 's2', 's3'] as $tag) {
    $dispatch(new DqJob('doc-s', $tag), $streamed);
}
rq_check($size($streamed) === 1, 'stream layout: one job', $size($streamed));
$untilDue($streamed);
$run($streamed);
rq_check(DqJob::$ran === ['s3'] && $size($streamed) === 0, 'stream layout: it runs once, the last dispatch\'s', DqJob::$ran);
rq_queue()->clear($streamed);

/* Another connection: the default cache, Laravel's way. */
rq_check((new DqJob('o', 'o1'))->onConnection('redis')->debounceVia() === $app->make(Illuminate\Contracts\Cache\Repository::class)
    && (new DqJob('o', 'o2'))->debounceVia()->getStore() instanceof RedisLock\Bridge\Laravel\Queue\QueueUniqueStore,
    'on another connection debounceVia() is the default cache; on ours it keeps nothing');
$srv->stop();
echo "done\n";
?>
--EXPECTREGEX--
(ok: no #\[DebounceFor\] in this Laravel: each dispatch is a job of its own
ok: and each runs
|ok: each dispatch is one script on the server
ok: nothing is kept in the cache
ok: one job per debounce key; JobQueued for each dispatch
ok: the waiting job carries the last dispatch's payload
ok: each key's job runs once, the last dispatch's
ok: maxWait: the job is due at the first dispatch \+ maxWait, not the last \+ debounceFor
ok: a dispatch while it runs is queued
ok: and runs after it
ok: a queued listener \(its owner in Laravel's cache\): three events, three jobs, as Laravel queues them
ok: the listener runs once, with the last event; Laravel's own check drops the two others
ok: without the trait: each dispatch is a job
ok: the job of the owner the cache holds runs, once
ok: the first run released itself
ok: the dispatch took the waiting retry
ok: the last dispatch runs, as its first attempt; nothing failed
ok: maxWait 0: the second dispatch is due at once
ok: stream layout: one job
ok: stream layout: it runs once, the last dispatch's
ok: on another connection debounceVia\(\) is the default cache; on ours it keeps nothing
)done
