--TEST--
RedisRateLimiter::wait(): 16 processes waiting on 10 per second are admitted in arrival order, each at most 5 ms after its place, with at most 2 commands per admission
--DESCRIPTION--
A token bucket of 10 per second with a burst of 1: the k-th waiter's place is
100 ms * k after the first admission. The processes ask in a known order, well
before their places: the parent releases each once the script of the one before
has run (the limiter's TAT moved, read with GET). Each admission is checked against its place:
never before it (the first admission's call being sent bounds the places from
below), and at most 5 ms after it. The server's INFO commandstats, reset before
the waiters start, counts what they sent: scripts (EVALSHA) and nothing else, at
most two per admission, so nobody polled.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$raw = new RawRedis();
$dir = rl_env('REDISLOCK_TEST_TMP') . '/wait-' . getmypid();
@mkdir($dir, 0700, true);
/* The script cached on the server before the count starts. */
lim_new()->peek("$name:warm", 10, 1.0);
$pids = $pipes = [];
for ($i = 0; $i < 16; $i++) {
    [$parentEnd, $childEnd] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pids[] = l4_fork(function () use ($i, $name, $dir, $childEnd) {
        /* Each waiter at nice -10 where the runner may (root): what is measured is
         * when the extension returns, not how long a loaded machine keeps a woken
         * process off the CPU. */
        @pcntl_setpriority(-10);
        $l = lim_new();
        /* Connected before the count starts, and released by the parent once
         * the waiter before it has its place. */
        $l->peek("$name:warm", 10, 1.0);
        fwrite($childEnd, 'r');
        if (fread($childEnd, 1) !== 'g') {
            return 3;
        }
        $sent = microtime(true);
        $r = $l->wait($name, 10, 1.0, 1, 'token_bucket', 1, 5.0);
        $admitted = microtime(true);
        file_put_contents("$dir/$i", json_encode([$sent, $admitted, $r]));
        return 0;
    });
    fclose($childEnd);
    $pipes[] = $parentEnd;
}
/* The waiters' connections are made; the count starts now. The parent's own
 * commands (GET of the limiter's TAT, INFO) are left out of it by name. */
foreach ($pipes as $pipe) {
    fread($pipe, 1);
}
$raw->call('CONFIG', 'RESETSTAT');
$tat = null;
foreach ($pipes as $i => $pipe) {
    fwrite($pipe, 'g');
    /* The next one asks only once this one's script has run: the TAT moved. */
    l4_until(function () use ($raw, $name, &$tat) {
        $now = $raw->call('GET', lim_key($name));
        if ($now !== null && $now !== $tat) {
            $tat = $now;
            return true;
        }
        usleep(200);
        return false;
    }, l4_bound(2));
}
$codes = array_unique(l4_wait($pids, l4_bound(10)));
$stats = [];
foreach (explode("\n", (string) $raw->call('INFO', 'commandstats')) as $line) {
    if (preg_match('/^cmdstat_([a-z|]+):calls=(\d+)/', trim($line), $m)) {
        $stats[$m[1]] = (int) $m[2];
    }
}
$runs = [];
for ($i = 0; $i < 16; $i++) {
    $runs[$i] = json_decode((string) @file_get_contents("$dir/$i"), true);
    @unlink("$dir/$i");
}
@rmdir($dir);
echo 'every waiter ended well: ', lim_yes($codes === [0], $codes), "\n";
echo 'every waiter was admitted: ', lim_yes(count(array_filter($runs, fn ($r) => ($r[2]['allowed'] ?? false) === true)) === 16), "\n";
$order = array_keys($runs);
usort($order, fn ($x, $y) => $runs[$x][1] <=> $runs[$y][1]);
echo 'admitted in the order they asked: ', lim_yes($order === range(0, 15), $order), "\n";
$first = $runs[0][0];
$early = $late = [];
foreach ($runs as $i => $r) {
    $place = $first + 0.1 * $i;
    if ($r[1] < $place) {
        $early[$i] = round(($place - $r[1]) * 1000, 2);
    }
    if ($r[1] - $place > 0.005) {
        $late[$i] = round(($r[1] - $place) * 1000, 2);
    }
}
echo 'none admitted before its place: ', lim_yes(!$early, $early), "\n";
echo 'each admitted at most 5 ms after its place: ', lim_yes(!$late, $late), "\n";
$scripts = ($stats['evalsha'] ?? 0) + ($stats['eval'] ?? 0);
$internal = ['time', 'get', 'set', 'info', 'config|resetstat', 'evalsha', 'eval'];
$other = array_diff_key($stats, array_flip($internal));
echo 'at most 2 scripts per admission: ', lim_yes($scripts <= 32, $stats), "\n";
echo 'no other command sent: ', lim_yes(!$other, $other), "\n";
?>
--EXPECT--
every waiter ended well: yes
every waiter was admitted: yes
admitted in the order they asked: yes
none admitted before its place: yes
each admitted at most 5 ms after its place: yes
at most 2 scripts per admission: yes
no other command sent: yes
