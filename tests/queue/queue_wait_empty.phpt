--TEST--
RedisQueue: pop()/reserve() with wait 0.3 on an empty queue block at least 0.3 s and return false (count 1) or [] (count > 1); wait 0 sends no blocking command
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$q->size($name); // connect first

foreach ([
    'pop(1, wait 0.3)' => fn() => $q->pop($name, 1, 10, 0.3),
    'pop(5, wait 0.3)' => fn() => $q->pop($name, 5, 10, 0.3),
    'reserve(1, wait 0.3)' => fn() => $q->reserve($name, 1, 30, 0.3),
    'reserve(5, wait 0.3)' => fn() => $q->reserve($name, 5, 30, 0.3),
] as $label => $call) {
    [$r, $took] = rq_timed($call);
    echo "$label: ", json_encode($r), "\n";
    /* Not before the wait ran out; the upper bound only catches a hang. */
    rq_check($took >= 0.29 && $took < 30, "$label took at least 0.3 s", sprintf('%.3f s', $took));
}

/* "At once" as the server saw it: scripts only, no blocking command (MONITOR, this
 * test's connection only: the server is shared). */
$monitor = rl_monitor();
rq_monitor_take($monitor);
$r = $q->pop($name, 1, 10, 0);
$sent = array_column(array_filter(rq_own_commands(rq_monitor_take($monitor), $name), fn ($c) => $c['from'] === 'client'), 'cmd');
fclose($monitor);
echo 'pop(wait 0): ', json_encode($r), "\n";
/* The queue's upkeep (a script once a second) may ride along. */
rq_check($sent !== [] && array_unique($sent) === ['evalsha'] && count($sent) <= 2, 'wait 0 does not block: a script, no blocking command', $sent);

// A delayed task due after the wait ends does not end the wait early with a task.
$q->enqueue($name, 'later', 10, 60);
[$r, $took] = rq_timed(fn() => $q->pop($name, 1, 10, 0.3));
echo 'pop(wait 0.3) with a task due in 60 s: ', json_encode($r), "\n";
rq_check($took >= 0.29 && $took < 30, 'took at least 0.3 s', sprintf('%.3f s', $took));
var_dump($q->size($name));
?>
--EXPECT--
pop(1, wait 0.3): false
ok: pop(1, wait 0.3) took at least 0.3 s
pop(5, wait 0.3): []
ok: pop(5, wait 0.3) took at least 0.3 s
reserve(1, wait 0.3): false
ok: reserve(1, wait 0.3) took at least 0.3 s
reserve(5, wait 0.3): []
ok: reserve(5, wait 0.3) took at least 0.3 s
pop(wait 0): false
ok: wait 0 does not block: a script, no blocking command
pop(wait 0.3) with a task due in 60 s: false
ok: took at least 0.3 s
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
