--TEST--
Symfony Messenger transport: a retry that succeeds after an ErrorDetailsStamp, a run of two handlers of which one threw, and a run a middleware answered each count in the right counter
--DESCRIPTION--
Through Symfony's own Worker and retry listener, on the Symfony this row ships
(5.4 rejects a failed run; 6.4 and later ack it once the retry copy is out):
- with a failure transport, the framework's AddErrorDetailsStampListener stamps
  the failed run, and the stamp travels with the retry copy: that copy's run
  succeeds and is processed, timed (one failed, one processed);
- two handlers, one of which throws the first time: the failed run carries the
  other's HandledStamp, and is failed; the retry is processed;
- a middleware of the app that answers the message without calling the
  handlers (an idempotency check): the run completed, processed;
- a middleware that forwards a retried message (the received envelope, its
  RedeliveryStamp unchanged) to another redislock transport instead of handling
  it: that run completed, processed; only the run that failed is failed.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\EventListener\SendFailedMessageForRetryListener;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Middleware\MiddlewareInterface;
use Symfony\Component\Messenger\Middleware\StackInterface;
use Symfony\Component\Messenger\Worker;

final class RkAnswered implements MiddlewareInterface
{
    public static int $n = 0;

    public function handle(Envelope $envelope, StackInterface $stack): Envelope
    {
        self::$n++;
        return $envelope;
    }
}

final class RkForward implements MiddlewareInterface
{
    public static int $n = 0;

    public function __construct(private Symfony\Component\Messenger\Transport\TransportInterface $to)
    {
    }

    public function handle(Envelope $envelope, StackInterface $stack): Envelope
    {
        if ($envelope->last(Symfony\Component\Messenger\Stamp\RedeliveryStamp::class) !== null) {
            self::$n++;
            $this->to->send($envelope);
            return $envelope;
        }
        return $stack->next()->handle($envelope, $stack);
    }
}

final class RkOk
{
    public static int $n = 0;

    public function __invoke(SmMessage $m): void
    {
        self::$n++;
    }
}

final class RkOnce
{
    public static int $n = 0;

    public function __invoke(SmMessage $m): void
    {
        if (++self::$n < 2) {
            throw new RuntimeException('the first time');
        }
    }
}

function counts_of(string $name): array
{
    gc_collect_cycles();
    $c = rq_queue()->stats($name)['counts'];
    return ['processed' => $c['processed'], 'failed' => $c['failed'], 'timed' => $c['durations']['+Inf'],
        'released' => $c['released'], 'dead' => $c['dead']];
}

// A retry that succeeds, with the ErrorDetailsStamp of the run that failed.
$name = rl_name('details');
$transport = sm_transport($name, 'wait=0.1');
$failure = sm_transport(rl_name('failure'), 'dead=1');
$transport->send(new Envelope(new SmMessage('flaky')));
$runs = 0;
$worker = sm_worker($transport, function (SmMessage $m) use (&$runs) {
    if (++$runs < 2) {
        throw new RuntimeException('not yet');
    }
}, function () use (&$runs) {
    return $runs >= 2;
}, maxRetries: 3, delayMs: 100, failure: $failure);
sm_run($worker);
rq_check([...$transport->get()] === [], 'details: the next get() finds nothing');
unset($worker, $transport, $failure);
echo 'details: ', json_encode(counts_of($name)), "\n";

// Two handlers, one of which throws the first time.
$name = rl_name('two');
$transport = sm_transport($name, 'wait=0.1');
$transport->send(new Envelope(new SmMessage('two')));
$bus = new MessageBus([new HandleMessageMiddleware(new HandlersLocator([SmMessage::class => [new RkOk(), new RkOnce()]]))]);
$dispatcher = new EventDispatcher();
$dispatcher->addSubscriber(new SendFailedMessageForRetryListener(
    new SmContainer(['async' => $transport]),
    new SmContainer(['async' => sm_retry_strategy(3, 100)])
));
$deadline = microtime(true) + 20;
$dispatcher->addSubscriber(new SmStopWhen(fn () => microtime(true) >= $deadline || RkOnce::$n >= 2));
$worker = new Worker(['async' => $transport], $bus, $dispatcher);
sm_run($worker);
rq_check([...$transport->get()] === [], 'two handlers: the next get() finds nothing');
unset($worker, $transport, $bus, $dispatcher);
// (The other handler runs once or twice: a retry skips the handlers whose HandledStamp it carries.)
echo 'two handlers: the throwing one ran ', RkOnce::$n, ' times, the other ', RkOk::$n >= 1 ? 'too' : 'never', ', ', json_encode(counts_of($name)), "\n";

// A middleware answers the message without a handler.
$name = rl_name('answered');
$transport = sm_transport($name, 'wait=0.1');
$transport->send(new Envelope(new SmMessage('done already')));
$worker = sm_worker($transport, function (SmMessage $m) {
}, fn () => RkAnswered::$n >= 1, middleware: [new RkAnswered()]);
sm_run($worker);
rq_check([...$transport->get()] === [], 'answered: the next get() finds nothing');
unset($worker, $transport);
echo 'answered: ', json_encode(counts_of($name)), "\n";

// A retried message forwarded to another queue by a middleware.
$name = rl_name('forward');
$transport = sm_transport($name, 'wait=0.1');
$transport->send(new Envelope(new SmMessage('forwarded')));
$worker = sm_worker($transport, function (SmMessage $m) {
    throw new RuntimeException('fails: its retry is forwarded');
}, fn () => RkForward::$n >= 1, maxRetries: 3, delayMs: 100, middleware: [new RkForward(sm_transport(rl_name('elsewhere')))]);
sm_run($worker);
rq_check([...$transport->get()] === [], 'forwarded: the next get() finds nothing');
unset($worker, $transport);
echo 'forwarded: ', json_encode(counts_of($name)), "\n";
?>
--EXPECT--
ok: details: the next get() finds nothing
details: {"processed":1,"failed":1,"timed":1,"released":0,"dead":0}
ok: two handlers: the next get() finds nothing
two handlers: the throwing one ran 2 times, the other too, {"processed":1,"failed":1,"timed":1,"released":0,"dead":0}
ok: answered: the next get() finds nothing
answered: {"processed":1,"failed":0,"timed":1,"released":0,"dead":0}
ok: forwarded: the next get() finds nothing
forwarded: {"processed":1,"failed":1,"timed":1,"released":0,"dead":0}
