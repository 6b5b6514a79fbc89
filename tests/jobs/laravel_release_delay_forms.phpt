--TEST--
Laravel queue driver: release() takes every delay form Laravel accepts, with Laravel's meaning
--DESCRIPTION--
Laravel queue driver: release() under the Worker takes every delay form Laravel
accepts (int, float, numeric string, date, DateInterval, CarbonInterval, zero,
negative, past, beyond 1e9 s) with Laravel's meaning, and a delay it refuses
changes nothing of the job's state

A number is seconds from now; a date is that moment (past: due now); an interval
is now plus the interval; zero, negative or inverted: due now. A delay beyond
the extension's bound (1e9 s, about 31.7 years; INF too) is held at 1e9 s: the job
stays delayed, practically for ever, as Laravel's own driver keeps it, instead of
failing. NaN and a non-number are refused (ValueError, TypeError) before Laravel
marks the job released, so the Worker releases it itself with its backoff: the
job is never left reserved.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_delay.inc';
ld_errors_throw();
$app = lq_app(['retry_after' => 2]);
$queue = $app['queue']->connection('redislock');
$worker = lq_worker($app);
/* form => [due now?, next_due_in low, high] (seconds) */
$cases = [
    'int 0' => [true],
    'int -5' => [true],
    'carbon-60' => [true],
    'interval -30' => [true],
    'int 7' => [false, 6.9, 7.05],
    'float 1.5' => [false, 1.4, 1.55],
    'string 7' => [false, 6.9, 7.05],
    'carbon+30' => [false, 28.5, 30.05],
    'datetime+30' => [false, 28.5, 30.05],
    'interval 30' => [false, 29.5, 30.05],
    'carboninterval 20' => [false, 19.5, 20.05],
    'int 2e9' => [false, 1e9 - 60, 1e9],
    'carbon+100y' => [false, 1e9 - 60, 1e9],
    'float INF' => [false, 1e9 - 60, 1e9],
];
foreach ($cases as $form => $want) {
    $app[Illuminate\Contracts\Debug\ExceptionHandler::class]->reported = [];
    $queue->push(new LqReleaseJob($form));
    $worker->runNextJob('redislock', lq_queue(), lq_options(3));
    $s = $queue->stats();
    $where = $want[0]
        ? $s['due'] === 1 && $s['delayed'] === 0
        : $s['delayed'] === 1 && $s['due'] === 0 && $s['next_due_in'] > $want[1] && $s['next_due_in'] <= $want[2];
    rq_check($where && $s['inflight'] === 0 && ld_reported($app) === [],
        "release($form): " . ($want[0] ? 'due now' : "due in {$want[1]} to {$want[2]} s") . ', not reserved, no exception',
        [$s, ld_reported($app)]);
    $queue->clear(null);
}

/* Refused: the exception names the delay, and the Worker, seeing the job not released, releases it (backoff 0). */
foreach (['float NAN' => ValueError::class, 'string soon' => TypeError::class, 'array' => TypeError::class] as $form => $class) {
    $app[Illuminate\Contracts\Debug\ExceptionHandler::class]->reported = [];
    $queue->push(new LqReleaseJob($form));
    $worker->runNextJob('redislock', lq_queue(), lq_options(3));
    $reported = $app[Illuminate\Contracts\Debug\ExceptionHandler::class]->reported;
    $s = $queue->stats();
    rq_check(count($reported) === 1 && $reported[0] instanceof $class && str_contains($reported[0]->getMessage(), 'delay'),
        "release($form): $class naming the delay", ld_reported($app));
    rq_check($s['due'] === 1 && $s['inflight'] === 0 && $s['delayed'] === 0,
        "release($form): the Worker put the job back itself, not left reserved", $s);
    $queue->clear(null);
}
?>
--EXPECT--
ok: release(int 0): due now, not reserved, no exception
ok: release(int -5): due now, not reserved, no exception
ok: release(carbon-60): due now, not reserved, no exception
ok: release(interval -30): due now, not reserved, no exception
ok: release(int 7): due in 6.9 to 7.05 s, not reserved, no exception
ok: release(float 1.5): due in 1.4 to 1.55 s, not reserved, no exception
ok: release(string 7): due in 6.9 to 7.05 s, not reserved, no exception
ok: release(carbon+30): due in 28.5 to 30.05 s, not reserved, no exception
ok: release(datetime+30): due in 28.5 to 30.05 s, not reserved, no exception
ok: release(interval 30): due in 29.5 to 30.05 s, not reserved, no exception
ok: release(carboninterval 20): due in 19.5 to 20.05 s, not reserved, no exception
ok: release(int 2e9): due in 999999940 to 1000000000 s, not reserved, no exception
ok: release(carbon+100y): due in 999999940 to 1000000000 s, not reserved, no exception
ok: release(float INF): due in 999999940 to 1000000000 s, not reserved, no exception
ok: release(float NAN): ValueError naming the delay
ok: release(float NAN): the Worker put the job back itself, not left reserved
ok: release(string soon): TypeError naming the delay
ok: release(string soon): the Worker put the job back itself, not left reserved
ok: release(array): TypeError naming the delay
ok: release(array): the Worker put the job back itself, not left reserved
