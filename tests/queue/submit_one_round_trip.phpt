--TEST--
RedisQueue::submit() is one command on the server in every mode and outcome, on both layouts: exactly one EVALSHA, nothing else sent
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
// Warm up: connect, and let a NOSCRIPT fallback (EVAL) happen now if it must.
$q->submit(rl_name(), 'warm-up');
$monitor = rl_monitor();
$modes = [
    'none' => [], 'until_started' => [], 'until_done' => [],
    'window' => ['uniqueFor' => 60], 'debounce' => ['maxWait' => 5],
];
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    rq_monitor_take($monitor);
    $answers = [];
    foreach ($modes as $mode => $extra) {
        $answers[] = $q->submit($name, $mode, 'p', 0.5, ...['unique' => $mode] + $extra);
        $answers[] = $q->submit($name, $mode, 'p', 0.5, ...['unique' => $mode] + $extra);
    }
    $sent = array_values(array_filter(rq_own_commands(rq_monitor_take($monitor), $name), fn ($c) => $c['from'] === 'client'));
    echo "$layout: ", implode(' ', $answers), ': evalsha ', rq_count_commands($sent, 'evalsha'), "\n";
    $outside = array_values(array_filter(array_column($sent, 'cmd'), fn ($c) => $c !== 'evalsha'));
    rq_check($outside === [], "$layout: no command outside the script", $outside);
    $q->clear($name);
}
fclose($monitor);
?>
--EXPECT--
zset: queued duplicate queued duplicate queued duplicate queued duplicate queued debounced: evalsha 10
ok: zset: no command outside the script
stream: queued duplicate queued duplicate queued duplicate queued duplicate queued debounced: evalsha 10
ok: stream: no command outside the script
