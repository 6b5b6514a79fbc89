<?php
/*
 * The checkout gate: the payment provider allows 3 calls at once, and 24 buyers
 * check out together. A RedisSemaphore lets 3 in at a time and queues the rest
 * on the server, first come first served; while they pay, the shop's price list
 * is read under a shared lock by every buyer and rewritten once by an admin under
 * the exclusive one.
 *
 *   php -d extension=redislock.so examples/checkout.php [--buyers=N]
 *
 * REDISLOCK_DSN names the server (default redis://127.0.0.1:6379). The exit
 * status is 0 only if no more than 3 buyers were ever at the provider at once,
 * every buyer got through, and no buyer read the price list while it was being
 * rewritten.
 */
declare(strict_types=1);

$dsn = getenv('REDISLOCK_DSN') ?: 'redis://127.0.0.1:6379';
$buyers = (int) (getopt('', ['buyers:'])['buyers'] ?? 24);
if ($buyers < 1 || $buyers > 200) {
    fwrite(STDERR, "--buyers must be between 1 and 200\n");
    exit(2);
}
const LIMIT = 3;
$run = 'checkout-demo:' . bin2hex(random_bytes(4));

/* The checks do not trust Redis: a tally file under flock() counts the buyers at
 * the provider, and a flag file marks the rewrite of the price list. */
$tally = tempnam(sys_get_temp_dir(), 'checkout');
$rewriting = "$tally.rewriting";

/** Buyers at the provider after adding $delta. */
function inside(string $tally, int $delta): int
{
    $f = fopen($tally, 'c+');
    flock($f, LOCK_EX);
    $n = (int) stream_get_contents($f) + $delta;
    ftruncate($f, 0);
    rewind($f);
    fwrite($f, (string) $n);
    flock($f, LOCK_UN);
    fclose($f);
    return $n;
}

/** One buyer: read the prices (shared), then pay through the gate (3 at once). */
function buyer(string $dsn, string $run, int $n, string $tally, string $rewriting): array
{
    $locks = new RedisLock($dsn);
    $gate = new RedisSemaphore($dsn);

    $dirty = false;
    if ($locks->lockShared("$run:prices", timeout: 10, expire: 5)) {
        $dirty = file_exists($rewriting);
        usleep(2000);
        $dirty = $dirty || file_exists($rewriting);
        $locks->unlock("$run:prices");
    }

    $asked = microtime(true);
    $peak = $gate->synchronized("$run:provider", LIMIT, function () use ($tally, $n) {
        $here = inside($tally, +1);
        usleep(20000 + 1000 * ($n % 5));   // the call to the payment provider
        inside($tally, -1);
        return $here;
    }, timeout: 30, expire: 10);
    return ['waited' => microtime(true) - $asked, 'peak' => $peak, 'dirty' => $dirty];
}

/** The admin: rewrites the price list once, alone. */
function admin(string $dsn, string $run, string $rewriting): void
{
    $locks = new RedisLock($dsn);
    usleep(10000);
    if ($locks->lock("$run:prices", timeout: 10, expire: 5)) {
        touch($rewriting);
        usleep(15000);
        unlink($rewriting);
        $locks->unlock("$run:prices");
    }
}

printf("%d buyers, a payment provider that takes %d at once, one price-list rewrite\n\n", $buyers, LIMIT);
$started = microtime(true);
$children = [];
for ($i = 0; $i <= $buyers; $i++) {
    $pair = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($pair[0]);
        $out = $i === 0 ? (admin($dsn, $run, $rewriting) ?? []) : buyer($dsn, $run, $i, $tally, $rewriting);
        fwrite($pair[1], json_encode($out));
        exit(0);
    }
    fclose($pair[1]);
    $children[$pid] = $pair[0];
}
$results = [];
foreach ($children as $pid => $pipe) {
    $data = stream_get_contents($pipe);
    pcntl_waitpid($pid, $status);
    if ($data !== '' && $data !== '[]') {
        $results[] = json_decode($data, true);
    }
}
$elapsed = microtime(true) - $started;
unlink($tally);

$peak = max(array_column($results, 'peak') ?: [0]);
$dirty = count(array_filter(array_column($results, 'dirty')));
$waits = array_column($results, 'waited');
sort($waits);
printf("buyers through the gate: %d of %d in %.2f s\n", count($results), $buyers, $elapsed);
printf("most buyers at the provider at once: %d (limit %d)\n", $peak, LIMIT);
printf("wait at the gate: median %.0f ms, longest %.0f ms\n", 1000 * ($waits[intdiv(count($waits), 2)] ?? 0), 1000 * (end($waits) ?: 0));
printf("price-list reads that saw a rewrite in progress: %d\n", $dirty);

$ok = count($results) === $buyers && $peak <= LIMIT && $peak >= 1 && $dirty === 0;
echo $ok ? "\nOK: the gate held, everyone got through, no reader saw a half-written price list\n" : "\nFAILED\n";
exit($ok ? 0 : 1);
