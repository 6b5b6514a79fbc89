--TEST--
Laravel queue driver: a job runs, through Laravel's Worker, in the trace context of the request that queued it, passes it to the jobs it queues, and the next job starts without it
--DESCRIPTION--
Through Laravel's own Worker and the provider's resolver (the request the
container serves, with its "traceparent" and "tracestate" headers):
- a job queued while a request with a trace context is served has it in its
  payload, under the keys OpenTelemetry's Laravel instrumentation uses, and
  TraceContext::current() is that context while it runs;
- a job it queues from its handle() carries the same context;
- a job queued with no context (no header) runs with none, after the other in
  the same worker, and also while the container serves a request with a
  context of its own: the worker reset it between them;
- an invalid traceparent (upper-case hex, all-zero ids, version ff, 1 MiB) is
  carried as nothing; a tracestate over 512 bytes is dropped, its traceparent
  kept;
- TraceContext::set() wins over the request, and a job that throws and fails
  runs its failed() in its context too.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Queue\InteractsWithQueue;
use RedisLock\Bridge\TraceContext;

final class TcJob implements ShouldQueue
{
    use InteractsWithQueue;
    use Queueable;

    /** @var list<array{string, ?string, ?string}> [tag, traceparent, tracestate] seen by each run */
    public static array $seen = [];

    public $tries = 1;

    public function __construct(public string $tag, public bool $child = false, public bool $throw = false)
    {
    }

    public function handle(): void
    {
        $c = TraceContext::current();
        self::$seen[] = [$this->tag, $c?->traceparent, $c?->tracestate];
        if ($this->child) {
            Illuminate\Container\Container::getInstance()['queue']->connection('redislock')->push(new self($this->tag . '/child'));
        }
        if ($this->throw) {
            throw new RuntimeException('fails');
        }
    }

    public function failed(Throwable $e): void
    {
        $c = TraceContext::current();
        self::$seen[] = [$this->tag . ' failed()', $c?->traceparent, $c?->tracestate];
    }
}

$app = lq_app();
$queue = $app['queue']->connection('redislock');
$serve = function (array $headers) use ($app) {
    $server = [];
    foreach ($headers as $k => $v) {
        $server['HTTP_' . strtoupper($k)] = $v;
    }
    $app->instance('request', Illuminate\Http\Request::create('/', 'GET', [], [], [], $server));
};
$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
$tp2 = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';

$serve(['traceparent' => $tp, 'tracestate' => 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7']);
$queue->push(new TcJob('traced', true));
$serve([]);
$queue->push(new TcJob('plain'));
$serve(['traceparent' => strtoupper($tp)]);
$queue->push(new TcJob('upper'));
$serve(['traceparent' => '00-00000000000000000000000000000000-00f067aa0ba902b7-01']);
$queue->push(new TcJob('zeros'));
$serve(['traceparent' => 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01']);
$queue->push(new TcJob('ff'));
$serve(['traceparent' => $tp . str_repeat('x', 1 << 20)]);
$queue->push(new TcJob('huge'));
$serve(['traceparent' => $tp2, 'tracestate' => str_repeat('a', 513)]);
$queue->push(new TcJob('long state'));
$before = TraceContext::set(TraceContext::parse($tp2, 'k=v'));
$queue->push(new TcJob('set', false, true));
TraceContext::set($before);
$serve([]);

$payloads = [];
foreach (rq_queue()->top(lq_queue(), 100) ?: [] as $task) {
    $p = json_decode($task['payload'], true);
    $payloads[] = [$p['traceparent'] ?? null, $p['tracestate'] ?? null];
}
rq_check(in_array([$tp, 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7'], $payloads, true), 'the payload carries both, under "traceparent" and "tracestate"');

// The worker runs beside a request with a context of its own: a job that came
// with none runs with none, not the request's.
$serve(['traceparent' => '00-11111111111111111111111111111111-2222222222222222-01']);
$worker = lq_worker($app);
for ($i = 0; $i < 9; $i++) {
    $worker->runNextJob('redislock', lq_queue(), lq_options());
}
$serve([]);
foreach (TcJob::$seen as [$tag, $parent, $state]) {
    echo str_pad($tag, 16), ' ', $parent ?? '-', ' ', $state ?? '-', "\n";
}
echo 'after the jobs: ', TraceContext::current()?->traceparent ?? 'none', "\n";
rq_check($queue->size() === 0, 'every job ran once');
?>
--EXPECT--
ok: the payload carries both, under "traceparent" and "tracestate"
traced           00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 congo=t61rcWkgMzE,rojo=00f067aa0ba902b7
plain            - -
upper            - -
zeros            - -
ff               - -
huge             - -
long state       00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00 -
set              00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00 k=v
set failed()     00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00 k=v
traced/child     00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 congo=t61rcWkgMzE,rojo=00f067aa0ba902b7
after the jobs: none
ok: every job ran once
