<?php
/* Native commands against our scripts: Valkey 8.1 added SET ... IFEQ (set only while
 * the key holds a given value) and Valkey 9 DELIFEQ (delete only while it does),
 * each one command for what a token-checked extension or release otherwise sends
 * as a script. Do they make a cycle cheaper?
 *
 *   php bench/native.php
 *
 * One process, on names of its own, one row per way of doing a step:
 *   release: redislock's unlock() (EVALSHA of its release script, which also hands
 *            the lock to the head of its wait queue), a bare compare-and-delete
 *            script by hand (phpredis: EVALSHA), and DELIFEQ by hand; each after a
 *            SET NX PX, so a row is one acquire + release cycle;
 *   extend:  redislock's expire() (EVALSHA of its extend script, which also wakes
 *            the head waiter when the lock ends sooner), a bare compare-and-pexpire
 *            script by hand, and SET ... IFEQ ... PX by hand.
 * Figures: cycles (or calls) per second, and the server's own time per cycle from
 * INFO commandstats (usec of every command the row sent, divided by the cycles).
 * A server without the command prints "not supported" in its row. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const SECONDS_PER_ROW = 2.0;

$r = bench_phpredis();
$info = $r->info('server');
$server = isset($info['valkey_version']) ? 'Valkey ' . $info['valkey_version'] : 'Redis ' . ($info['redis_version'] ?? '?');

/** Whether the server knows the command (COMMAND INFO answers nil for an unknown one). */
function native_known(Redis $r, string $cmd): bool
{
    $info = $r->rawCommand('COMMAND', 'INFO', $cmd);
    return is_array($info) && isset($info[0]) && $info[0] !== null && $info[0] !== false;
}

/** SET ... IFEQ exists from Valkey 8.1: try it on a key of our own. */
function native_set_ifeq(Redis $r): bool
{
    $k = bench_name('ifeq-probe');
    try {
        $r->set($k, 'a');
        $ok = $r->rawCommand('SET', $k, 'b', 'IFEQ', 'a') === true;
    } catch (RedisException $e) {
        $ok = false;
    }
    $r->del($k);
    return $ok;
}

/** Runs $cycle for SECONDS_PER_ROW after a warm-up; returns [cycles/s, server µs per cycle]. */
function native_row(Redis $r, callable $cycle): array
{
    for ($i = 0; $i < 200; $i++) {
        $cycle($i);
    }
    $r->rawCommand('CONFIG', 'RESETSTAT');
    $n = 0;
    $start = bench_now();
    $deadline = $start + SECONDS_PER_ROW * bench_scale();
    do {
        for ($j = 0; $j < 100; $j++) {
            $cycle($n++);
        }
    } while (bench_now() < $deadline);
    $elapsed = bench_now() - $start;
    $usec = 0.0;
    foreach (bench_command_stats($r) as $cmd => [$calls, $us]) {
        if ($cmd !== 'commandstats' && $cmd !== 'resetstat') {
            $usec += $us;
        }
    }
    return [$n / $elapsed, $usec / $n];
}

$lock = new RedisLock(bench_dsn());
$base = bench_name('native');
$token = bin2hex(random_bytes(16));
$cad = 'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0';
$cap = 'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0';
$cad_sha = $r->script('load', $cad);
$cap_sha = $r->script('load', $cap);
$has_delifeq = native_known($r, 'DELIFEQ');
$has_ifeq = native_set_ifeq($r);

$rows = [];
$results = [];
$measure = function (string $step, string $how, bool $supported, callable $cycle) use ($r, &$rows, &$results): void {
    if (!$supported) {
        $rows[] = [$step, $how, 'not supported', '', ''];
        return;
    }
    [$rate, $us] = native_row($r, $cycle);
    $results[$step][$how] = [$rate, $us];
    $first = reset($results[$step]);
    $rows[] = [$step, $how, bench_rate($rate), bench_fixed($us, 2), bench_ratio($first[1] / $us)];
};

$measure('acquire + release', 'redislock lock() + unlock() (SET NX PX, EVALSHA)', true, function (int $i) use ($lock, $base): void {
    $lock->lock("$base:a") && $lock->unlock("$base:a") || throw new RuntimeException('redislock cycle failed');
});
$measure('acquire + release', 'by hand: SET NX PX, EVALSHA compare-and-delete', true, function (int $i) use ($r, $base, $token, $cad_sha): void {
    $r->set("$base:b", $token, ['nx', 'px' => 15000]) && $r->evalSha($cad_sha, ["$base:b", $token], 1) === 1
        || throw new RuntimeException('script cycle failed');
});
$measure('acquire + release', 'by hand: SET NX PX, DELIFEQ', $has_delifeq, function (int $i) use ($r, $base, $token): void {
    $r->set("$base:c", $token, ['nx', 'px' => 15000]) && $r->rawCommand('DELIFEQ', "$base:c", $token) === 1
        || throw new RuntimeException('DELIFEQ cycle failed');
});

$lock->lock("$base:x", 0, 15) || throw new RuntimeException('could not take the lock to extend');
$r->set("$base:y", $token, ['px' => 15000]);
$r->set("$base:z", $token, ['px' => 15000]);
$measure('extend', 'redislock expire() (EVALSHA)', true, function (int $i) use ($lock, $base): void {
    $lock->expire("$base:x", 15) || throw new RuntimeException('redislock expire failed');
});
$measure('extend', 'by hand: EVALSHA compare-and-pexpire', true, function (int $i) use ($r, $base, $token, $cap_sha): void {
    $r->evalSha($cap_sha, ["$base:y", $token, '15000'], 1) === 1 || throw new RuntimeException('script extend failed');
});
$measure('extend', 'by hand: SET IFEQ PX', $has_ifeq, function (int $i) use ($r, $base, $token): void {
    $r->rawCommand('SET', "$base:z", $token, 'IFEQ', $token, 'PX', '15000') === true
        || throw new RuntimeException('SET IFEQ failed');
});
$lock->unlock("$base:x");
$r->del("$base:y", "$base:z");
bench_sweep_keys($r, $base);

echo "\n## Native commands: SET IFEQ and DELIFEQ against scripts ($server)\n\n";
echo sprintf("1 process, %.1f s per row. server µs = the server's own time per cycle (INFO commandstats); "
    . "ratio = the first row's server µs ÷ this row's.\n\n", SECONDS_PER_ROW * bench_scale());
bench_table(['step', 'how', 'cycles/s', 'server µs per cycle', 'server time ratio'], $rows);
