--TEST--
Watchdog: a watched permit's lease is the server's: extend() from another object or process, shorter or longer, ends the watch, and the holder's watchdog never moves it back
--DESCRIPTION--
A semaphore object with the watchdog (lease 0.5 s) holds a permit of a limit of
1; another object, then another process, calls extend() on it with the token:
- 0.3 s: the deadline stays where extend() put it while the holder's watchdog
  renews a control permit three times (a lease), and another object, then
  another process, takes the permit once it has ended;
- 6 s: the deadline stays where extend() put it over three renewals of the
  control permit (the watchdog used to renew it back to one lease), and nobody
  else takes the permit.
The control permit, on the same object and server, tells that the watchdog has
had its turns: the assertions are on the server's state after them, not on this
clock.
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$lease = 0.5;
$raw = new RawRedis();
$sem = new RedisSemaphore(wd_options($lease));
$other = new RedisSemaphore(rl_options());

$control = rl_name();
$ctoken = $sem->acquire($control, 1);
echo wd_ok(is_string($ctoken), $ctoken), "\n";

/* Waits until the control permit's deadline has moved $n times (at most 30 s). */
function control_renewed(RawRedis $raw, string $control, string $ctoken, int $n): bool
{
    $last = $raw->call('ZSCORE', 'Semaphore:' . $control, $ctoken);
    $moves = 0;
    return l4_until(function () use ($raw, $control, $ctoken, $n, &$last, &$moves) {
        $s = $raw->call('ZSCORE', 'Semaphore:' . $control, $ctoken);
        if ($s !== $last) {
            $moves++;
            $last = $s;
        }
        return $moves >= $n;
    }, 30);
}

/* The permit's deadline after $extend moved it, and whether it is still there
 * three control renewals later. */
function check(RawRedis $raw, string $name, string $token, string $control, string $ctoken, callable $extend): array
{
    $result = $extend();
    $set = $raw->call('ZSCORE', 'Semaphore:' . $name, $token);
    $renewed = control_renewed($raw, $control, $ctoken, 3);
    $after = $raw->call('ZSCORE', 'Semaphore:' . $name, $token);
    return [$result, $renewed && $set !== null && $after === $set, ['set' => $set, 'after' => $after, 'renewed' => $renewed]];
}

$by_object = fn(string $name, string $token, float $expire) => fn() => $other->extend($name, $token, $expire) ? 'true' : 'false';
$by_process = fn(string $name, string $token, float $expire) => fn() => trim(rl_run_php(
    'echo (new RedisSemaphore(rl_options()))->extend(' . var_export($name, true) . ', ' . var_export($token, true)
    . ', ' . var_export($expire, true) . ') ? "true" : "false";', [], 30)['stdout']);

foreach (['object' => $by_object, 'process' => $by_process] as $from => $mover) {
    // Shorter.
    $name = rl_name();
    $token = $sem->acquire($name, 1);
    [$result, $kept, $seen] = check($raw, $name, $token, $control, $ctoken, $mover($name, $token, 0.3));
    echo "$from, shorter: extend() $result, deadline kept: ", wd_ok($kept, $seen), "\n";
    if ($from === 'object') {
        $taken = $other->acquire($name, 1, 10);
    } else {
        $taken = trim(rl_run_php('$t = (new RedisSemaphore(rl_options()))->acquire(' . var_export($name, true)
            . ', 1, 10); echo is_string($t) ? $t : "none";', [], 30)['stdout']);
        $taken = $taken === 'none' ? false : $taken;
    }
    echo "$from, shorter: taken by another: ", wd_ok(is_string($taken) && $taken !== $token, $taken), "\n";

    // Longer.
    $name = rl_name();
    $token = $sem->acquire($name, 1);
    [$result, $kept, $seen] = check($raw, $name, $token, $control, $ctoken, $mover($name, $token, 6));
    echo "$from, longer: extend() $result, deadline kept: ", wd_ok($kept, $seen), "\n";
    var_dump($other->acquire($name, 1));
    var_dump($sem->release($name, $token));
}
var_dump($sem->release($control, $ctoken));
?>
--EXPECT--
ok
object, shorter: extend() true, deadline kept: ok
object, shorter: taken by another: ok
object, longer: extend() true, deadline kept: ok
bool(false)
bool(true)
process, shorter: extend() true, deadline kept: ok
process, shorter: taken by another: ok
process, longer: extend() true, deadline kept: ok
bool(false)
bool(true)
bool(true)
