--TEST--
RedisRateLimiter: a waiter's place in a fixed window is not held by a state born after a reset() microseconds later, however close the two births
--DESCRIPTION--
The fixed window's script, run as the extension sends it, five commands in one
write (a pipeline, each command a call of its own, as two clients' calls would
be), so that everything happens within microseconds on the server: a window is filled, a
waiter W takes a place in the next one, the name is reset (UNLINK, as reset()
does), a new window is filled and a waiter X takes a place in it. Twenty names
so. Once each new state has rolled into X's window, W's check ('k<mark>:<birth>')
must answer -1: W's place was in the state the reset removed. With births
rounded to 100 µs, some of the twenty pairs of states had one birth, and W was
admitted uncounted beside X and a consume (three in a window of two).
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$sha = $raw->call('SCRIPT', 'LOAD', rq_script_body('rate_fixed_window'));
$run = fn (string $key, string ...$args): array => ['EVALSHA', $sha, '1', $key, 'f:2:1000000:2:', '2', '1000000', ...$args];
$places = [];
$placed = 0;
for ($i = 0; $i < 20; $i++) {
    $key = lim_key(rl_name());
    [$a, $w, , $b, $x] = $raw->pipeline([
        $run($key, '2'),                            // A: the window filled
        $run($key, '1', 'r2000000'),                // W: a place in the next window
        ['UNLINK', $key],                           // reset()
        $run($key, '2'),                            // B: a new window filled
        $run($key, '1', 'r2000000'),                // X: a place in B's next window
    ]);
    $placed += $a[0] === 1 && $w[0] === 1 && $b[0] === 1 && $x[0] === 1 ? 1 : 0;
    $places[$key] = $w;
}
echo 'all twenty admitted and placed: ', lim_yes($placed === 20, $placed), "\n";
usleep(1100000);                                    // each B rolls into X's window at its next decision
$held = [];
foreach ($places as $key => $w) {
    $raw->call(...$run($key, '1'));
    $check = $raw->call(...$run($key, '1', 'k' . $w[5] . ':' . $w[6]));
    if ($check[0] !== -1) {
        $held[] = [$key, $w, $check, $raw->call('GET', $key)];
    }
    $raw->call('DEL', $key);
}
echo 'every W\'s place is lost: ', lim_yes($held === [], $held), "\n";
?>
--EXPECT--
all twenty admitted and placed: yes
every W's place is lost: yes
