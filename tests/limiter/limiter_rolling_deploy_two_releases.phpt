--TEST--
RedisRateLimiter in a rolling deploy: the release before (2eeff3e) and this one, taking turns on one name, admit no more than one release alone, waiters of both included
--DESCRIPTION--
The release before is built from this tree's history (tests/harness/
old_release_test.inc, cached under build/). PHP processes of the two builds
take turns on one name: 15 consume() of limit 5 (7 for the token bucket, whose
time per token is then not a whole µs) per 60 s, alone and alternating, each
release first; a name admits 5 (7) whoever asks. Then waiters of both releases,
overlapping, each asking once the one before has its place (the state on the
server moved): on a token bucket of 3 per second with a burst of 1, the k-th
waiter is admitted no earlier than k thirds of a second after the first
consume(); on a fixed window of 2 per 0.6 s, after the windows before its own
(two places each) have passed. Every waiter is admitted, none is refused its
place. The same with the waiters of one release alone.
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
$before = rl_old_release('2eeff3e');
$procs = ['before' => [], 'this' => []];
for ($i = 0; $i < 6; $i++) {
    $procs['before'][] = new ReleaseProcess($before);
    $procs['this'][] = new ReleaseProcess(rl_extension_path());
}
[$b, $t] = [$procs['before'][0], $procs['this'][0]];
$runs = ['the release before alone' => [$b, $b], 'this release alone' => [$t, $t],
    'alternating, the release before first' => [$b, $t], 'alternating, this release first' => [$t, $b]];

echo "consume():\n";
foreach (['token_bucket' => 7, 'fixed_window' => 5, 'sliding_window' => 5] as $policy => $limit) {
    $counts = [];
    foreach ($runs as $label => $pair) {
        $name = rl_name();
        $allowed = 0;
        $errors = [];
        for ($i = 0; $i < 15; $i++) {
            $r = $pair[$i % 2]->call('consume', [$name, $limit, 60.0, 1, $policy]);
            if (isset($r['error'])) {
                $errors[] = $r['error'];
            } elseif ($r['result']['allowed']) {
                $allowed++;
            }
        }
        $counts[] = $label . ' ' . $allowed . ($errors ? ' ' . json_encode(array_unique($errors)) : '');
    }
    echo "  $policy (limit $limit): ", implode(', ', $counts), "\n";
}

/*
 * $order: the waiters' processes in the order they ask. The first consume()
 * empties the name; each waiter asks once the one before has its place. Returns
 * for each waiter whether it was admitted no earlier than $earliest($k) after
 * the consume() was sent, and any error.
 */
function waiters(RawRedis $raw, ReleaseProcess $first, array $order, int $limit, float $interval, ?int $burst,
    string $policy, callable $earliest): string
{
    $name = rl_name();
    $key = lim_key($name);
    $t0 = microtime(true);
    $r = $first->call('consume', [$name, $limit, $interval, $policy === 'token_bucket' ? $burst : $limit, $policy, $burst]);
    $value = lim_state($raw, $key)['value'] ?? '';
    $moved = [];
    foreach ($order as $k => $proc) {
        $proc->send('wait', [$name, $limit, $interval, 1, $policy, $burst, 10]);
        $moved[] = l4_until(function () use ($raw, $key, &$value) {
            $now = lim_state($raw, $key)['value'] ?? '';
            if ($now !== $value) {
                $value = $now;
                return true;
            }
            return false;
        }, 30);
    }
    $out = [];
    foreach ($order as $k => $proc) {
        $a = $proc->receive();
        if (isset($a['error'])) {
            $out[] = $a['error'];
        } elseif (!is_array($a['result'])) {
            $out[] = 'refused';
        } else {
            $late = $a['at'] - ($t0 + $earliest($k + 1));
            $out[] = $late >= -0.002 ? 'in turn' : sprintf('%.3f s early', -$late);
        }
    }
    $first = isset($r['error']) ? $r['error'] : ($r['result']['allowed'] ? 'admitted' : 'refused');
    return "consume() $first, places taken " . lim_yes(!in_array(false, $moved, true)) . ', waiters: ' . implode(', ', $out);
}

echo "wait():\n";
$orders = [
    'the release before alone' => [$b, $procs['before']],
    'this release alone' => [$t, $procs['this']],
    'alternating, the release before first' => [$b, [$procs['this'][0], $procs['before'][1], $procs['this'][1],
        $procs['before'][2], $procs['this'][2], $procs['before'][3]]],
    'alternating, this release first' => [$t, [$procs['before'][0], $procs['this'][1], $procs['before'][1],
        $procs['this'][2], $procs['before'][2], $procs['this'][3]]],
];
foreach ($orders as $label => [$first, $order]) {
    echo "  token_bucket, $label: ",
        waiters($raw, $first, $order, 3, 1.0, 1, 'token_bucket', fn (int $k) => $k / 3), "\n";
}
foreach ($orders as $label => [$first, $order]) {
    /* The first consume() fills the window (2 tokens); places two per window ahead. */
    echo "  fixed_window, $label: ",
        waiters($raw, $first, array_slice($order, 0, 4), 2, 0.6, null, 'fixed_window', fn (int $k) => intdiv($k + 1, 2) * 0.6), "\n";
}
?>
--EXPECT--
consume():
  token_bucket (limit 7): the release before alone 7, this release alone 7, alternating, the release before first 7, alternating, this release first 7
  fixed_window (limit 5): the release before alone 5, this release alone 5, alternating, the release before first 5, alternating, this release first 5
  sliding_window (limit 5): the release before alone 5, this release alone 5, alternating, the release before first 5, alternating, this release first 5
wait():
  token_bucket, the release before alone: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn, in turn, in turn
  token_bucket, this release alone: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn, in turn, in turn
  token_bucket, alternating, the release before first: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn, in turn, in turn
  token_bucket, alternating, this release first: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn, in turn, in turn
  fixed_window, the release before alone: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn
  fixed_window, this release alone: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn
  fixed_window, alternating, the release before first: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn
  fixed_window, alternating, this release first: consume() admitted, places taken yes, waiters: in turn, in turn, in turn, in turn
