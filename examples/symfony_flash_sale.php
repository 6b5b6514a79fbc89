<?php
/*
 * The flash sale, written the Symfony way: 10 phones, hundreds of buyers pressing
 * "Buy" in the same instant, each its own process. A buyer asks symfony/lock's
 * LockFactory for the stock lock and waits for it with $lock->acquire(true);
 * the store underneath is RedisLock\Bridge\Symfony\RedisLockStore, so the wait is
 * on the Redis server, first come first served, instead of symfony's loop that
 * retries every 100 ms.
 *
 * Holding the lock, a buyer reads the stock, takes one unit and writes the sale
 * to the "database" with the lock's fencing number: the database keeps the
 * highest number it saw and refuses a write with a lower one, which is what
 * protects the stock when a holder's lock expired under it.
 *
 * The promises: exactly 10 units sold, nothing oversold, every other buyer told
 * "sold out", no buyer waiting in a polling loop (every acquire(true) that had to
 * wait blocked on the server), and every accepted write carrying a greater
 * fencing number than the one before. The exit status is 0 only if so.
 *
 *   php -n -d extension=modules/redislock.so examples/symfony_flash_sale.php [--buyers=100]
 *
 * Needs symfony/lock: Debian's php-symfony-lock (/usr/share/php), or a Composer
 * vendor/autoload.php named by SYMFONY_AUTOLOAD. REDISLOCK_DSN (default
 * redis://127.0.0.1:6379) names the server; the demo only touches keys starting
 * with "symfony_flash_sale:" (and the lock "Lock:symfony_flash_sale:phone").
 */

declare(strict_types=1);

require __DIR__ . '/resp.php';

$autoload = getenv('SYMFONY_AUTOLOAD') ?: '/usr/share/php/Symfony/Component/Lock/autoload.php';
if (!is_file($autoload)) {
    fwrite(STDERR, "symfony/lock is missing: apt-get install php-symfony-lock, or set SYMFONY_AUTOLOAD to a vendor/autoload.php\n");
    exit(2);
}
require_once $autoload;
require_once __DIR__ . '/../bridge/autoload.php';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

const STOCK = 10;
const LOCK = 'symfony_flash_sale:phone';
const K_STOCK = 'symfony_flash_sale:stock';
const K_FENCE = 'symfony_flash_sale:fence';
const K_SALES = 'symfony_flash_sale:sales';
const K_REFUSED = 'symfony_flash_sale:refused';
const K_READY = 'symfony_flash_sale:ready';
const K_GO = 'symfony_flash_sale:go';
const K_ANSWERS = 'symfony_flash_sale:answers';
const K_LEAVE = 'symfony_flash_sale:leave';

$opts = getopt('', ['buyers:', 'help']);
if (isset($opts['help'])) {
    echo "usage: symfony_flash_sale.php [--buyers=N (default 100)]\n";
    exit(0);
}
$buyers = (int) ($opts['buyers'] ?? 100);
if ($buyers < STOCK + 1 || $buyers > 1000) {
    fwrite(STDERR, "--buyers must be between " . (STOCK + 1) . " and 1000\n");
    exit(2);
}
$dsn = demo_dsn();

$redis = new Resp($dsn);
$redis->call('DEL', K_STOCK, K_FENCE, K_SALES, K_REFUSED, K_READY, K_GO, K_ANSWERS, K_LEAVE);
$redis->call('SET', K_STOCK, (string) STOCK);
$redis->call('SET', K_FENCE, '0');

printf("Symfony flash sale: LockFactory on RedisLockStore. %d phones in stock, %d buyers at once.\n", STOCK, $buyers);
printf("Redis: %s\n\n", preg_replace('#//[^@/]*@#', '//***@', $dsn));

/**
 * The "database" write: records the sale only when $fence is greater than every
 * fencing number seen before (a check-and-set, as an UPDATE ... WHERE fence < :f
 * would be), and takes the unit off the stock.
 */
function db_write_sale(Resp $redis, int $fence, int $buyer, int $stockSeen): bool
{
    $script = <<<'LUA'
        if tonumber(redis.call('GET', KEYS[1])) >= tonumber(ARGV[1]) then
            redis.call('INCR', KEYS[4])
            return 0
        end
        redis.call('SET', KEYS[1], ARGV[1])
        redis.call('SET', KEYS[2], ARGV[3])
        redis.call('RPUSH', KEYS[3], ARGV[2] .. ' ' .. ARGV[1])
        return 1
        LUA;
    return $redis->call('EVAL', $script, '4', K_FENCE, K_STOCK, K_SALES, K_REFUSED,
        (string) $fence, (string) $buyer, (string) ($stockSeen - 1)) === 1;
}

/** A buyer: waits for the start signal, then buys under the lock. */
function buyer(string $dsn, int $n): int
{
    $redis = new Resp($dsn);
    $store = new RedisLockStore(new RedisLock($dsn));
    $factory = new LockFactory($store);
    $redis->call('INCR', K_READY);
    $go = $redis->call('BLPOP', K_GO, '30');  // everyone is released at once
    if ($go === null) {
        return 3;
    }
    $goAt = (float) $go[1];

    $key = new Key(LOCK);
    $lock = $factory->createLockFromKey($key, 5);
    $waitedAt = microtime(true);
    $lock->acquire(true);                     // blocks on the server until it is our turn
    $waited = microtime(true) - $waitedAt;
    try {
        $stock = (int) $redis->call('GET', K_STOCK);
        if ($stock > 0) {
            // Only a buyer who writes asks for a fencing number (one round trip).
            // null: the lock was lost before the number was drawn, so no write.
            $fence = $store->fencingToken($key);
            $answer = $fence !== null && db_write_sale($redis, $fence, $n, $stock) ? 'bought' : 'refused';
        } else {
            $answer = 'sold_out';
        }
    } finally {
        $lock->release();
    }
    $redis->call('RPUSH', K_ANSWERS, sprintf('%d %s %.6f %.6f', $n, $answer, microtime(true) - $goAt, $waited));
    $redis->call('BLPOP', K_LEAVE, '30');
    return 0;
}

$pids = [];
for ($i = 1; $i <= $buyers; $i++) {
    $pids[] = demo_fork(fn () => buyer($dsn, $i));
}

$deadline = microtime(true) + 60;
while ((int) $redis->call('GET', K_READY) < $buyers && microtime(true) < $deadline) {
    usleep(10000);
}
printf("  %d buyer processes started; the sale opens now.\n", (int) $redis->call('GET', K_READY));
$monitor = new Resp($dsn);
$monitor->call('CONFIG', 'RESETSTAT');
$redis->call('RPUSH', K_GO, ...array_fill(0, $buyers, sprintf('%.6f', microtime(true))));

$deadline = microtime(true) + 60;
while ((int) $redis->call('LLEN', K_ANSWERS) < $buyers && microtime(true) < $deadline) {
    usleep(5000);
}
$stats = $monitor->call('INFO', 'commandstats');
$redis->call('RPUSH', K_LEAVE, ...array_fill(0, $buyers, '1'));
$codes = demo_wait_children($pids, microtime(true) + 30);

$answers = ['bought' => 0, 'sold_out' => 0, 'refused' => 0];
$latencies = [];
$waits = [];
foreach ($redis->call('LRANGE', K_ANSWERS, '0', '-1') as $line) {
    [, $answer, $seconds, $waited] = explode(' ', $line);
    $answers[$answer] = ($answers[$answer] ?? 0) + 1;
    $latencies[] = (float) $seconds * 1000;
    $waits[] = (float) $waited;
}
sort($latencies);
$waitedSeconds = array_sum(array_map(fn (float $w) => (int) ceil($w), $waits));
$fences = [];
foreach ($redis->call('LRANGE', K_SALES, '0', '-1') as $line) {
    $fences[] = (int) explode(' ', $line)[1];
}
$increasing = true;
for ($i = 1; $i < count($fences); $i++) {
    $increasing = $increasing && $fences[$i] > $fences[$i - 1];
}
$stockLeft = (int) $redis->call('GET', K_STOCK);
$sold = STOCK - $stockLeft;
$oversold = max(0, $answers['bought'] - STOCK, count($fences) - STOCK);
$crashed = count(array_filter($codes, fn ($c) => $c !== 0));
/* The lock's round trips, from the server's command statistics: its scripts
 * (EVALSHA, less those refused as not yet loaded, and their EVAL fallback) and
 * its waits (BLPOP), leaving out the demo's own EVAL per sale and each buyer's
 * BLPOP on the start signal. Commands run inside scripts are not round trips. */
$stat = function (string $cmd, string $field = 'calls') use ($stats): int {
    return preg_match('/cmdstat_' . $cmd . ':.*?\b' . $field . '=(\d+)/', (string) $stats, $m) ? (int) $m[1] : 0;
};
$blpops = $stat('blpop') - $buyers;
$lockTrips = $stat('evalsha') - $stat('evalsha', 'failed_calls') + $stat('eval') - count($fences) - $answers['refused'] + $blpops;

echo "\nResults\n";
$row = fn (string $label, $value) => printf("  %-34s %10s\n", $label, $value);
$row('units in stock before', STOCK);
$row('units sold', $sold);
$row('buyers told "bought"', $answers['bought']);
$row('oversold', $oversold);
$row('"sold out" answers', $answers['sold_out']);
$row('writes refused by the fence check', $answers['refused']);
$row('buyers without an answer', $buyers - array_sum($answers));
$row('fencing numbers increasing', $increasing ? 'yes' : 'NO');
$row('stock left', $stockLeft);
echo "\nThe wait\n";
$row('lock round trips, all buyers', $lockTrips);
$row('per buyer', sprintf('%.1f', $lockTrips / $buyers));
$row('waits blocked on the server (BLPOP)', $blpops);
$row('seconds waited, all buyers (rounded up)', $waitedSeconds);
$row('time to an answer, p50', sprintf('%.1f ms', demo_percentile($latencies, 50)));
$row('time to an answer, p99', sprintf('%.1f ms', demo_percentile($latencies, 99)));
$row('longest wait for the lock', sprintf('%.1f ms', max($waits) * 1000));

/* A buyer's lock round trips: acquire(true) is one try, and for a buyer that had
 * to wait a BLPOP and a confirmation, again every 2 s of the wait (a waiter shows
 * it is alive: one command a second); then symfony's refresh, release()'s delete
 * and exists, and for the 10 who buy the fencing number: at most 7 on average,
 * plus one for each second a buyer waited (a loaded machine makes the sale, and
 * so the waits, longer). A polling store sends a save every 100 ms instead, ten a
 * second, all the while. */
$checks = [
    'units sold = ' . STOCK => $sold === STOCK && $answers['bought'] === STOCK,
    'oversold = 0' => $oversold === 0,
    '"sold out" answers = ' . ($buyers - STOCK) => $answers['sold_out'] === $buyers - STOCK,
    'every buyer answered' => array_sum($answers) === $buyers && $crashed === 0,
    'no write refused (no lock expired under its holder)' => $answers['refused'] === 0,
    'fencing numbers strictly increasing' => $increasing && count($fences) === STOCK,
    'at most 7 lock round trips per buyer and 1 per second waited: no polling' => $lockTrips <= 7 * $buyers + $waitedSeconds,
];
$failed = array_keys(array_filter($checks, fn ($ok) => !$ok));
echo "\n";
if ($failed) {
    echo 'FAILED: ', implode('; ', $failed), "\n";
    exit(1);
}
printf("OK: %d sold under symfony/lock, none oversold, %d buyers told \"sold out\", each sale fenced.\n",
    STOCK, $buyers - STOCK);
