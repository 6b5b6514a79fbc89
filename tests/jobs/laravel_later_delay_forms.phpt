--TEST--
Laravel queue driver: later() and laterOn() take every delay form Laravel accepts with Laravel's meaning (beyond 1e9 s held at 1e9 s), and a delay they refuse raises no event and queues nothing
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_delay.inc';
$app = lq_app();
$events = [];
$app['events']->listen('Illuminate\Queue\Events\JobQueu*', function ($name) use (&$events) {
    $events[] = $name;
});
$queue = $app['queue']->connection('redislock');
$cases = [
    'int 0' => [true],
    'int -5' => [true],
    'carbon-60' => [true],
    'interval -30' => [true],
    'int 7' => [false, 6.9, 7.05],
    'float 1.5' => [false, 1.4, 1.55],
    'string 7' => [false, 6.9, 7.05],
    'carbon+30' => [false, 29.5, 30.05],
    'datetime+30' => [false, 29.5, 30.05],
    'interval 30' => [false, 29.5, 30.05],
    'carboninterval 20' => [false, 19.5, 20.05],
    'int 2e9' => [false, 1e9 - 60, 1e9],
    'carbon+100y' => [false, 1e9 - 60, 1e9],
    'float INF' => [false, 1e9 - 60, 1e9],
];
foreach ($cases as $form => $want) {
    $events = [];
    $error = null;
    try {
        $id = $queue->later(ld_delay($form), new LqRecordJob($form));
    } catch (Throwable $e) {
        $error = get_class($e) . ': ' . $e->getMessage();
    }
    $s = $queue->stats();
    $where = $want[0]
        ? $s['due'] === 1 && $s['delayed'] === 0
        : $s['delayed'] === 1 && $s['due'] === 0 && $s['next_due_in'] > $want[1] && $s['next_due_in'] <= $want[2];
    rq_check($error === null && $where && in_array('Illuminate\Queue\Events\JobQueued', $events, true),
        "later($form): " . ($want[0] ? 'due now' : "due in {$want[1]} to {$want[2]} s") . ', JobQueued raised',
        [$error, $s, $events]);
    $queue->clear(null);
}

$other = 'other-' . lq_queue();
$queue->laterOn($other, Illuminate\Support\Carbon::now()->addYears(100), new LqRecordJob('on'));
$s = $queue->stats($other);
rq_check($s['delayed'] === 1 && $s['next_due_in'] > 1e9 - 60, 'laterOn() with a date beyond the bound: delayed 1e9 s', $s);
$queue->clear($other);

foreach (['float NAN' => ValueError::class, 'string soon' => TypeError::class, 'array' => TypeError::class] as $form => $class) {
    $events = [];
    $error = null;
    try {
        $queue->later(ld_delay($form), new LqRecordJob($form));
    } catch (Throwable $e) {
        $error = $e;
    }
    rq_check($error instanceof $class && str_contains($error->getMessage(), 'delay'), "later($form): $class naming the delay",
        $error === null ? null : get_class($error) . ': ' . $error->getMessage());
    rq_check($events === [] && $queue->size() === 0, "later($form): no event, nothing queued", [$events, $queue->stats()]);
}
?>
--EXPECT--
ok: later(int 0): due now, JobQueued raised
ok: later(int -5): due now, JobQueued raised
ok: later(carbon-60): due now, JobQueued raised
ok: later(interval -30): due now, JobQueued raised
ok: later(int 7): due in 6.9 to 7.05 s, JobQueued raised
ok: later(float 1.5): due in 1.4 to 1.55 s, JobQueued raised
ok: later(string 7): due in 6.9 to 7.05 s, JobQueued raised
ok: later(carbon+30): due in 29.5 to 30.05 s, JobQueued raised
ok: later(datetime+30): due in 29.5 to 30.05 s, JobQueued raised
ok: later(interval 30): due in 29.5 to 30.05 s, JobQueued raised
ok: later(carboninterval 20): due in 19.5 to 20.05 s, JobQueued raised
ok: later(int 2e9): due in 999999940 to 1000000000 s, JobQueued raised
ok: later(carbon+100y): due in 999999940 to 1000000000 s, JobQueued raised
ok: later(float INF): due in 999999940 to 1000000000 s, JobQueued raised
ok: laterOn() with a date beyond the bound: delayed 1e9 s
ok: later(float NAN): ValueError naming the delay
ok: later(float NAN): no event, nothing queued
ok: later(string soon): TypeError naming the delay
ok: later(string soon): no event, nothing queued
ok: later(array): TypeError naming the delay
ok: later(array): no event, nothing queued
