--TEST--
RedisRateLimiter::wait(): 16 processes waiting on 10 per second are admitted in arrival order, at places 100 ms apart on the server's clock, never early, with at most 2 commands per admission
--DESCRIPTION--
A token bucket of 10 per second with a burst of 1, whose state the test sets to
a TAT 2 s ahead before the waiters ask: the k-th waiter's place is that TAT +
100 ms * k, and every waiter asks long before its place, however slowly a loaded
machine starts the next one (were the bucket idle, a waiter that asked more
than 100 ms after the one before would rightly get a later place). The
processes ask in a known order: the parent releases each once the script of the one before
has run (the limiter's TAT moved, read with GET). Each TAT read is the place of
the waiter that moved it plus 100 ms, on the server's clock, which is this
host's: the places follow the order of asking exactly 100 ms apart, and no
waiter returns before its place. MONITOR, filtered to the waiters' own
connections (known by the warm-up call each makes before the count starts),
counts what they sent once released: scripts and nothing else, at most two per
admission, so nobody polled. How soon after its place a waiter returns is the
machine's, not the extension's, to keep: that is a benchmark figure. It runs
alone: in a full run on Valkey 8.1 it passed only on its retry, twice, beside the
tests of the same folders, though six copies at once beside two busy loops pass.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$rawAddr = ho_addr($raw);
$name = rl_name();
$key = lim_key($name);
$dir = rl_env('REDISLOCK_TEST_TMP') . '/wait-' . getmypid();
@mkdir($dir, 0700, true);
/* The script cached on the server before the count starts. */
lim_new()->peek("$name:warm", 10, 1.0);
$monitor = rl_monitor();
$pids = $pipes = [];
for ($i = 0; $i < 16; $i++) {
    [$parentEnd, $childEnd] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pids[] = l4_fork(function () use ($i, $name, $dir, $childEnd) {
        $l = lim_new();
        /* Connected before the count starts (this call names the waiter's
         * connection in MONITOR), and released by the parent once the waiter
         * before it has its place. */
        $l->peek("$name:warm:$i", 10, 1.0);
        fwrite($childEnd, 'r');
        if (fread($childEnd, 1) !== 'g') {
            return 3;
        }
        $sent = microtime(true);
        $r = $l->wait($name, 10, 1.0, 1, 'token_bucket', 1, 30.0);
        $admitted = microtime(true);
        file_put_contents("$dir/$i", json_encode([$sent, $admitted, $r]));
        return 0;
    });
    fclose($childEnd);
    $pipes[] = $parentEnd;
}
/* The waiters' connections are made. The bucket's TAT 2 s ahead of the server's clock
 * (its state as the script writes it: policy, limit, interval and burst, then the TAT
 * in µs), so that every place is taken long before it comes. The count starts at the
 * marker. */
foreach ($pipes as $pipe) {
    fread($pipe, 1);
}
$time = $raw->call('TIME');
$tat = 't:10:1000000:1:' . ((int) $time[0] * 1000000 + (int) $time[1] + 2000000);
$raw->call('SET', $key, $tat, 'PX', '5000');
$raw->call('ECHO', "$name:start");
$places = [];
$moved = true;
foreach ($pipes as $i => $pipe) {
    fwrite($pipe, 'g');
    /* The next one asks only once this one's script has run: the TAT
     * moved. The TAT it moved to, in µs, is this one's place plus 100 ms. */
    $moved = $moved && l4_until(function () use ($raw, $key, &$tat) {
        $now = $raw->call('GET', $key);
        if ($now !== null && $now !== $tat) {
            $tat = $now;
            return true;
        }
        usleep(200);
        return false;
    }, 30);
    $numbers = explode(':', (string) $tat);
    $places[$i] = (int) $numbers[4] - 100000;
}
/* Bounds no healthy run comes near: the last place is 3.5 s after the start. */
$codes = array_unique(l4_wait($pids, 60));
$seen = rl_monitor_read($monitor, 0.0);
fclose($monitor);

/* The waiters' connections, by their warm-up calls; then what each sent after the marker. */
$waiterOf = [];
$started = false;
$sentBy = array_fill(0, 16, []);
$strangers = [];
foreach (ho_commands($seen) as $c) {
    if (!$started) {
        foreach ($c['args'] as $arg) {
            if ($c['client'] !== 'lua' && preg_match('/^' . preg_quote("Limiter:$name:warm:", '/') . '(\d+)$/', $arg, $m)) {
                $waiterOf[$c['client']] = (int) $m[1];
            }
        }
        if ($c['args'] === ['ECHO', "$name:start"]) {
            $started = true;
        }
        continue;
    }
    if ($c['client'] === 'lua' || $c['client'] === $rawAddr) {
        continue;
    }
    if (isset($waiterOf[$c['client']])) {
        $sentBy[$waiterOf[$c['client']]][] = $c;
    } elseif (array_filter($c['args'], fn ($a) => str_contains($a, $key))) {
        $strangers[] = $c['args'][0];
    }
}
/* MONITOR's own timestamps are the server's clock: when each waiter's last script ran. */
$lastAt = [];
foreach (explode("\n", $seen) as $line) {
    if (preg_match('/^\+([0-9.]+) \[\d+ ([^\]]+)\]/', $line, $m) && isset($waiterOf[$m[2]])
        && str_contains($line, '"' . $key . '"')) {
        $lastAt[$waiterOf[$m[2]]] = (float) $m[1];
    }
}
$runs = [];
for ($i = 0; $i < 16; $i++) {
    $runs[$i] = json_decode((string) @file_get_contents("$dir/$i"), true);
    @unlink("$dir/$i");
}
@rmdir($dir);
$gaps = array_map(fn ($k) => ($places[$k] ?? 0) - ($places[$k - 1] ?? 0), range(1, 15));
$early = $serverEarly = [];
$scripts = 0;
$other = [];
foreach ($runs as $i => $r) {
    $place = ($places[$i] ?? 0) / 1e6;
    if (($r[1] ?? 0) < $place) {
        $early[$i] = round(($place - ($r[1] ?? 0)) * 1000, 3);
    }
    /* Every waiter asks again at its place. */
    if (($lastAt[$i] ?? 0) < $place) {
        $serverEarly[$i] = round(($place - ($lastAt[$i] ?? 0)) * 1000, 3);
    }
    foreach ($sentBy[$i] as $c) {
        if (in_array($c['args'][0], ['EVALSHA', 'EVAL'], true)) {
            $scripts++;
        } else {
            $other[] = "$i: " . $c['args'][0];
        }
    }
}
echo 'every waiter ended well: ', lim_yes($codes === [0], $codes), "\n";
echo 'the parent saw each place taken: ', lim_yes($moved), "\n";
echo 'every waiter was admitted: ', lim_yes(count(array_filter($runs, fn ($r) => ($r[2]['allowed'] ?? false) === true)) === 16), "\n";
echo 'every waiter\'s connection known: ', lim_yes(count(array_unique($waiterOf)) === 16, $waiterOf), "\n";
echo 'places in the order they asked, 100 ms apart: ', lim_yes($gaps === array_fill(0, 15, 100000), $gaps), "\n";
echo 'none returned before its place: ', lim_yes(!$early, $early), "\n";
echo 'none asked the server for its admission before its place: ', lim_yes(!$serverEarly, $serverEarly), "\n";
echo 'at most 2 scripts per admission: ', lim_yes($scripts >= 16 && $scripts <= 32, $scripts), "\n";
echo 'no other command sent: ', lim_yes(!$other, $other), "\n";
echo 'no other connection spoke of the name: ', lim_yes(!$strangers, $strangers), "\n";
?>
--EXPECT--
every waiter ended well: yes
the parent saw each place taken: yes
every waiter was admitted: yes
every waiter's connection known: yes
places in the order they asked, 100 ms apart: yes
none returned before its place: yes
none asked the server for its admission before its place: yes
at most 2 scripts per admission: yes
no other command sent: yes
no other connection spoke of the name: yes
