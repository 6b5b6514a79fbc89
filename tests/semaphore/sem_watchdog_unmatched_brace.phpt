--TEST--
Watchdog: a semaphore permit whose name holds an unmatched brace is renewed like any other
--DESCRIPTION--
Watchdog: a limit-1 semaphore permit whose name holds an unmatched brace
("tenant{42", "a}b") is renewed like any other: kept 3 s on a 1.2 s lease, a
second object never gets the permit, and release() is true. The watchdog renews
every third of the lease; a lease of 1.2 s leaves it 0.8 s to be late by, which a
loaded machine's scheduler does not come near (0.3 s left it 0.2 s).
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$lease = 1.2;
foreach (['tenant{42', 'a}b', '}{x'] as $shape) {
    $name = rl_name(":$shape");
    $sem = new RedisSemaphore(wd_options($lease));
    $other = new RedisSemaphore(rl_options());
    $token = $sem->acquire($name, 1);
    [$bad] = wd_watch($raw, 'Semaphore:' . $name, $token, $lease, 3.0);
    $second = $other->acquire($name, 1);
    echo json_encode($shape), ': ', $bad ? 'lapsed ' . $bad[0] : 'renewed', ', second holder ',
        var_export($second, true), ', release ', var_export($sem->release($name, $token), true), "\n";
}
?>
--EXPECT--
"tenant{42": renewed, second holder false, release true
"a}b": renewed, second holder false, release true
"}{x": renewed, second holder false, release true
