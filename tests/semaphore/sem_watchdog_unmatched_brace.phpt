--TEST--
Watchdog: a semaphore permit whose name holds an unmatched brace is renewed like any other
--DESCRIPTION--
Watchdog: a limit-1 semaphore permit whose name holds an unmatched brace
("tenant{42", "a}b") is renewed like any other: kept 1.5 s on a 0.3 s lease, a
second object never gets the permit, and release() is true
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$lease = 0.3;
foreach (['tenant{42', 'a}b', '}{x'] as $shape) {
    $name = rl_name(":$shape");
    $sem = new RedisSemaphore(wd_options($lease));
    $other = new RedisSemaphore(rl_options());
    $token = $sem->acquire($name, 1);
    [$bad] = wd_watch($raw, 'Semaphore:' . $name, $token, $lease, 1.5);
    $second = $other->acquire($name, 1);
    echo json_encode($shape), ': ', $bad ? 'lapsed ' . $bad[0] : 'renewed', ', second holder ',
        var_export($second, true), ', release ', var_export($sem->release($name, $token), true), "\n";
}
?>
--EXPECT--
"tenant{42": renewed, second holder false, release true
"a}b": renewed, second holder false, release true
"}{x": renewed, second holder false, release true
