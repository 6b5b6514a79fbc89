--TEST--
RedisRateLimiter in a rolling deploy: a waiter of the release before reserving behind a place this release holds in a running fixed window leaves integers both releases read
--DESCRIPTION--
This release writes a place ahead as "<start>:<birth>:<k>:<kh>", the birth where
the release before keeps the hits it does not read then. When the release before
reserves a place while that window runs, it writes those "hits" back through
Lua's own number-to-string, which keeps 14 digits: a fixed window's birth is
written in units of 100 µs (14 digits), so it comes back exact, and the state
stays one both releases parse (a birth of 16 digits came back as "1.79...e+15",
and every call of either release on the name answered WRONGTYPE until the key
expired). Both waiters are admitted, in their order, and a consume() then
answers.
--SKIPIF--
<?php
require __DIR__ . '/../harness/previous_release.inc';
$why = rl_old_release_unavailable('2eeff3e');
if ($why !== '') {
    echo "skip $why";
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
require __DIR__ . '/../harness/previous_release.inc';
$raw = new RawRedis();
$old = new ReleaseProcess(rl_old_release('2eeff3e'));
$new = new ReleaseProcess(rl_extension_path());
$l = lim_new();
$name = rl_name();
$key = lim_key($name);
/* limit 2 per 2 s: this release fills the window, then its waiter takes a place in the next. */
$r = $l->consume($name, 2, 2.0, 2, 'fixed_window');
echo 'filled: ', lim_yes($r['allowed'], $r), "\n";
$value = $raw->call('GET', $key);
$new->send('wait', [$name, 2, 2.0, 1, 'fixed_window', null, 10]);
l4_until(fn () => $raw->call('GET', $key) !== $value, 5);
$held = $raw->call('GET', $key);
echo 'this release holds a place (', preg_replace('/\d{6,}/', 'N', $held), ")\n";
/* The release before reserves the next place while the window runs. */
$old->send('wait', [$name, 2, 2.0, 1, 'fixed_window', null, 10]);
l4_until(fn () => $raw->call('GET', $key) !== $held, 5);
$after = $raw->call('GET', $key);
echo 'the state after the release before reserved: ', preg_replace('/\d{6,}/', 'N', $after), "\n";
echo 'the birth kept: ', lim_yes(explode(':', $after)[5] === explode(':', $held)[5], [$held, $after]), "\n";
echo 'integers only: ', lim_yes((bool) preg_match('/^f(:\d+)+$/', $after), $after), "\n";
$a = $new->receive(15);
$b = $old->receive(15);
echo 'this release\'s waiter: ', isset($a['error']) ? $a['error'] : (is_array($a['result']) ? 'admitted' : 'refused'), "\n";
echo 'the release before\'s waiter: ', isset($b['error']) ? $b['error'] : (is_array($b['result']) ? 'admitted' : 'refused'), "\n";
try {
    $c = $l->consume($name, 2, 2.0, 1, 'fixed_window');
    echo 'a consume() then answers: ', lim_yes(is_bool($c['allowed']), $c), "\n";
} catch (Throwable $e) {
    echo 'a consume() then throws ', get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
filled: yes
this release holds a place (f:2:N:2:N:N:1:1)
the state after the release before reserved: f:2:N:2:N:N:1:2
the birth kept: yes
integers only: yes
this release's waiter: admitted
the release before's waiter: admitted
a consume() then answers: yes
