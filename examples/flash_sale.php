<?php
/*
 * Flash sale: a phone that normally costs 1999 is on sale today for 999, and
 * there are only 10 in stock. Hundreds of buyers press "Buy" in the same instant.
 *
 * Every buyer is its own process (as PHP-FPM workers on many web servers would
 * be). At the door, a RedisRateLimiter (a fixed window) lets in --door buyers per
 * 100 ms: a buyer over the rate is told to come back in retry_after seconds, when
 * the next window opens, and does. Inside, a buyer takes the stock lock with RedisLock, and while holding it
 * reads the stock, takes one unit and enqueues an order into a RedisQueue, or
 * answers "sold out". One order worker drains the queue with reserve() + ack().
 *
 * The promise: exactly 10 units sold, 10 orders created and processed, nothing
 * oversold, and everyone else told "sold out"; and the door never let in more
 * buyers than its rate allows. The exit status is 0 only if so.
 *
 *   php -n -d extension=modules/redislock.so examples/flash_sale.php [--buyers=200] [--door=40] [--no-lock]
 *
 * REDISLOCK_DSN (default redis://127.0.0.1:6379) names the server. The demo
 * only touches keys starting with "flash_sale:", the lock "flash_sale:phone",
 * the queue "flash_sale:orders" and the door's limiter "flash_sale:limiter:door".
 * --no-lock skips the lock, to show what it prevents; --door=0 opens the door wide.
 */

declare(strict_types=1);

require __DIR__ . '/resp.php';

const STOCK = 10;
const LOCK = 'flash_sale:phone';
const QUEUE = 'flash_sale:orders';
const K_STOCK = 'flash_sale:stock';
const K_READY = 'flash_sale:ready';
const K_GO = 'flash_sale:go';
const K_ANSWERS = 'flash_sale:answers';
const K_CREATED = 'flash_sale:orders_created';
const K_PROCESSED = 'flash_sale:orders_processed';
const K_PROCESSED_IDS = 'flash_sale:processed_ids';
const K_BUYERS_DONE = 'flash_sale:buyers_done';
const K_WORKER = 'flash_sale:worker';
const K_LEAVE = 'flash_sale:leave';
/* The door: a fixed window of --door buyers per DOOR_INTERVAL seconds. */
const DOOR = 'door';
const DOOR_PREFIX = 'flash_sale:limiter:';
const DOOR_INTERVAL = 0.1;

$opts = getopt('', ['buyers:', 'door:', 'no-lock', 'help']);
if (isset($opts['help'])) {
    echo "usage: flash_sale.php [--buyers=N (default 200)] [--door=N per 100 ms (default 40; 0: no door)] [--no-lock]\n";
    exit(0);
}
$buyers = (int) ($opts['buyers'] ?? 200);
$doorRate = (int) ($opts['door'] ?? 40);
$useLock = !isset($opts['no-lock']);
if ($doorRate < 0 || $doorRate > 100000) {
    fwrite(STDERR, "--door must be between 0 and 100000\n");
    exit(2);
}
if ($buyers < STOCK + 1 || $buyers > 2000) {
    fwrite(STDERR, "--buyers must be between " . (STOCK + 1) . " and 2000\n");
    exit(2);
}
$dsn = demo_dsn();
/* The door's limiter keeps its key under the demo's own prefix. */
$doorDsn = $dsn . (str_contains($dsn, '?') ? '&' : '?') . 'prefix=' . rawurlencode(DOOR_PREFIX);

/* ---- reset ---------------------------------------------------------------- */

$redis = new Resp($dsn);
$redis->call('DEL', K_STOCK, K_READY, K_GO, K_ANSWERS, K_CREATED, K_PROCESSED, K_PROCESSED_IDS, K_BUYERS_DONE, K_WORKER, K_LEAVE);
(new RedisQueue($dsn))->clear(QUEUE);
(new RedisRateLimiter($doorDsn))->reset(DOOR);
$redis->call('SET', K_STOCK, (string) STOCK);

printf("Flash sale: a phone, normally 1999, today 999. %d in stock, %d buyers at once%s.\n",
    STOCK, $buyers, $useLock ? '' : ' (WITHOUT the lock)');
echo $doorRate > 0 ? sprintf("At the door: %d buyers per %d ms, the others told when to come back.\n", $doorRate, DOOR_INTERVAL * 1000)
    : "At the door: nobody (--door=0).\n";
printf("Redis: %s\n\n", preg_replace('#//[^@/]*@#', '//***@', $dsn));

/* ---- the order worker ----------------------------------------------------------- */

/**
 * Drains the order queue: reserve (waiting up to 0.5 s for an order), "process" it,
 * ack it. Stops once the buyers are done and the queue is empty, or after 30 s. A
 * reply that does not come in time (a server starved of CPU by hundreds of buyer
 * processes on the same small machine) does not stop the worker: it asks again,
 * and an order whose reservation's or ack's reply was lost comes back after its
 * visibility (5 s), counted once however often it is processed.
 */
function order_worker(string $dsn): int
{
    $redis = new Resp($dsn);
    $queue = new RedisQueue($dsn);
    $deadline = microtime(true) + 30;
    $last = 0.0;
    while (microtime(true) < $deadline) {
        try {
            $orders = $queue->reserve(QUEUE, 10, 5, 0.5);
            foreach ($orders as $order) {
                // Processing an order: here, just counting it (once per order id).
                if ($redis->call('SADD', K_PROCESSED_IDS, $order['id']) === 1) {
                    $redis->call('INCR', K_PROCESSED);
                }
                $queue->ack(QUEUE, $order['id']);
                $last = microtime(true);
            }
        } catch (RedisLockTimeoutException $e) {
            continue;
        }
        if (!$orders && $redis->call('GET', K_BUYERS_DONE) === '1') {
            $size = $queue->size(QUEUE);
            if ($size['due'] + $size['delayed'] + $size['inflight'] === 0) {
                break;
            }
        }
    }
    $redis->call('SET', K_WORKER, sprintf('%.6f', $last));
    return 0;
}

/* ---- a buyer --------------------------------------------------------------------- */

/**
 * Waits for the start signal, passes the door, tries to buy, and reports "buyer
 * answer seconds retries door-refusals seconds-at-door-admission
 * longest-retry_after-told end-of-its-door-window" (seconds from the opening).
 */
function buyer(string $dsn, string $doorDsn, int $n, bool $useLock, int $doorRate): int
{
    $redis = new Resp($dsn);
    $lock = new RedisLock($dsn);
    $queue = new RedisQueue($dsn);
    $door = new RedisRateLimiter($doorDsn);
    $queue->size(QUEUE);                      // connect now, not in the rush
    $door->peek(DOOR, max(1, $doorRate), DOOR_INTERVAL, 1, 'fixed_window');
    $redis->call('INCR', K_READY);
    $go = $redis->call('BLPOP', K_GO, '30');  // everyone is released at once
    if ($go === null) {
        return 3;
    }
    $goAt = (float) $go[1];
    $giveUpAt = microtime(true) + 20;

    // The door: one decision per try; a buyer over the rate comes back when told.
    $turnedAway = 0;
    $longestTold = 0.0;
    $windowEnd = $windowSpan = -1.0;
    while ($doorRate > 0) {
        $sentAt = microtime(true);
        $entry = $door->consume(DOOR, $doorRate, DOOR_INTERVAL, 1, 'fixed_window');
        if ($entry['allowed']) {
            // The window's end: reset_after from when the server answered, some
            // moment between the call and its answer (a span as long as the round trip).
            $windowEnd = $sentAt + $entry['reset_after'] - $goAt;
            $windowSpan = microtime(true) - $sentAt;
            break;
        }
        if (microtime(true) >= $giveUpAt) {
            $redis->call('RPUSH', K_ANSWERS, sprintf('%d busy %.6f 0 %d -1 %.6f -1 -1', $n, microtime(true) - $goAt, $turnedAway, $longestTold));
            return 0;
        }
        $turnedAway++;
        $longestTold = max($longestTold, $entry['retry_after']);
        usleep((int) ceil($entry['retry_after'] * 1e6));
    }
    $inside = microtime(true) - $goAt;

    // Wait up to 2 s for the lock; a buyer told "busy, try again" presses Buy
    // again, for at most 20 s in all.
    $retries = 0;
    while ($useLock && !$lock->lock(LOCK, 2, 5, 1000)) {
        if (microtime(true) >= $giveUpAt) {
            $redis->call('RPUSH', K_ANSWERS, sprintf('%d busy %.6f %d %d %.6f %.6f %.6f %.6f', $n, microtime(true) - $goAt, $retries,
                $turnedAway, $inside, $longestTold, $windowEnd, $windowSpan));
            return 0;
        }
        $retries++;
    }
    try {
        $stock = (int) $redis->call('GET', K_STOCK);
        if ($stock > 0) {
            $redis->call('SET', K_STOCK, (string) ($stock - 1));
            $queue->enqueue(QUEUE, sprintf('order-%04d', $n));
            $redis->call('INCR', K_CREATED);
            $answer = 'bought';
        } else {
            $answer = 'sold_out';
        }
    } finally {
        if ($useLock) {
            $lock->unlock(LOCK);
        }
    }
    $redis->call('RPUSH', K_ANSWERS, sprintf('%d %s %.6f %d %d %.6f %.6f %.6f %.6f', $n, $answer, microtime(true) - $goAt, $retries,
        $turnedAway, $inside, $longestTold, $windowEnd, $windowSpan));
    // Stay until the sale is over: tearing down a process costs CPU, and 200 of
    // them exiting mid-sale would measure process exits, not the lock.
    $redis->call('BLPOP', K_LEAVE, '30');
    return 0;
}

/* ---- the sale ------------------------------------------------------------------- */

$workerPid = demo_fork(fn() => order_worker($dsn));
$buyerPids = [];
for ($i = 1; $i <= $buyers; $i++) {
    $buyerPids[] = demo_fork(fn() => buyer($dsn, $doorDsn, $i, $useLock, $doorRate));
}

// Wait until every buyer is connected and waiting, then open the sale.
$deadline = microtime(true) + 60;
while ((int) $redis->call('GET', K_READY) < $buyers && microtime(true) < $deadline) {
    usleep(10000);
}
$ready = (int) $redis->call('GET', K_READY);
printf("  %d buyer processes and 1 order worker started; the sale opens now.\n", $ready);
$goAt = microtime(true);
$redis->call('RPUSH', K_GO, ...array_fill(0, $buyers, sprintf('%.6f', $goAt)));

$deadline = microtime(true) + 30;
while ((int) $redis->call('LLEN', K_ANSWERS) < $buyers && microtime(true) < $deadline) {
    usleep(5000);
}
$redis->call('RPUSH', K_LEAVE, ...array_fill(0, $buyers, '1'));
$buyerCodes = demo_wait_children($buyerPids, microtime(true) + 30);
$buyersDoneAt = microtime(true);
$redis->call('SET', K_BUYERS_DONE, '1');
$workerCode = demo_wait_children([$workerPid], microtime(true) + 35)[$workerPid];

/* ---- the summary ------------------------------------------------------------------ */

$answers = ['bought' => 0, 'sold_out' => 0, 'busy' => 0];
$latencies = [];
$firstBuyers = [];
$retries = 0;
$turnedAway = $comeBack = 0;
$longestTold = 0.0;
$inside = $windowEnds = [];
foreach ($redis->call('LRANGE', K_ANSWERS, '0', '-1') as $line) {
    [$n, $answer, $seconds, $tries, $away, $in, $told, $end, $span] = explode(' ', $line);
    $retries += (int) $tries;
    $turnedAway += (int) $away;
    $comeBack += (int) $away > 0 ? 1 : 0;
    $longestTold = max($longestTold, (float) $told);
    if ((float) $in >= 0) {
        $inside[] = (float) $in;
    }
    if ((float) $end >= 0) {
        $windowEnds[] = [(float) $end, (float) $end + (float) $span];
    }
    $answers[$answer] = ($answers[$answer] ?? 0) + 1;
    $latencies[] = (float) $seconds * 1000;
    if ($answer === 'bought') {
        $firstBuyers[] = sprintf('#%s (%.1f ms)', $n, (float) $seconds * 1000);
    }
}
sort($latencies);
$stockLeft = (int) $redis->call('GET', K_STOCK);
$created = (int) $redis->call('GET', K_CREATED);
$processed = (int) $redis->call('GET', K_PROCESSED);
$workerLast = (float) $redis->call('GET', K_WORKER);
$unitsSold = STOCK - $stockLeft;
$oversold = max(0, $answers['bought'] - STOCK, $answers['bought'] - $unitsSold);
$crashed = count(array_filter($buyerCodes, fn($c) => $c !== 0));
/* The door's promise, by the windows the server counted each entry in: a
 * window's end is reset_after from when the server answered, which lies between
 * the call and its answer, so each entry places its window's end within a span
 * as long as its round trip. Windows are 100 ms apart: entries whose spans meet
 * are of one window. An entry whose round trip took a quarter of a window or
 * more (a loaded machine) cannot be placed for sure, and is counted apart rather
 * than joining two windows into one. */
sort($inside);
sort($windowEnds);
$perWindow = [];
$unplaced = 0;
$reach = -1.0;
foreach ($windowEnds as [$from, $to]) {
    if ($to - $from >= DOOR_INTERVAL / 4) {
        $unplaced++;
        continue;
    }
    if (!$perWindow || $from > $reach + 0.005) {
        $perWindow[] = 0;
    }
    $perWindow[count($perWindow) - 1]++;
    $reach = max($reach, $to);
}
$mostPerWindow = $perWindow ? max($perWindow) : 0;

echo "\nResults\n";
$row = fn(string $label, $value) => printf("  %-30s %8s\n", $label, $value);
$row('units in stock before', STOCK);
$row('units sold', $unitsSold);
$row('buyers told "bought"', $answers['bought']);
$row('orders created', $created);
$row('orders processed', $processed);
$row('oversold', $oversold);
$row('"sold out" answers', $answers['sold_out']);
$row('gave up (lock busy for 20 s)', $answers['busy']);
$row('lock waits over 2 s, retried', $retries);
$row('buyers without an answer', $buyers - array_sum($answers));
$row('stock left', $stockLeft);
$row('door: told to come back', $turnedAway);
$row('door: buyers who came back', $comeBack);
$row('door: windows of 100 ms used', count($perWindow));
$row('door: most let in per window', $mostPerWindow);
$row('door: entries too slow to place', $unplaced);

echo "\nTimings\n";
$row('total (open -> last answer)', sprintf('%.1f ms', end($latencies)));
$row('time to an answer, p50', sprintf('%.1f ms', demo_percentile($latencies, 50)));
$row('time to an answer, p99', sprintf('%.1f ms', demo_percentile($latencies, 99)));
$row('last order processed', $workerLast > 0 ? sprintf('%.1f ms', ($workerLast - $goAt) * 1000) : 'never');
if ($doorRate > 0 && $inside) {
    $row('door: last buyer let in', sprintf('%.1f ms', end($inside) * 1000));
    $row('door: longest retry_after told', sprintf('%.1f ms', $longestTold * 1000));
}
echo "\n  The lucky buyers: ", implode(', ', array_slice($firstBuyers, 0, STOCK)), "\n";

$checks = [
    'units sold = ' . STOCK => $unitsSold === STOCK,
    'orders created = ' . STOCK => $created === STOCK,
    'orders processed = ' . STOCK => $processed === STOCK,
    'oversold = 0' => $oversold === 0,
    '"sold out" answers = ' . ($buyers - STOCK) => $answers['sold_out'] === $buyers - STOCK,
    'every buyer answered' => array_sum($answers) === $buyers && $crashed === 0,
    'the order worker finished' => $workerCode === 0,
    'the door let in at most ' . $doorRate . ' per window' => $doorRate === 0 || $mostPerWindow <= $doorRate,
];
$failed = array_keys(array_filter($checks, fn($ok) => !$ok));
echo "\n";
if ($failed) {
    echo 'FAILED: ', implode('; ', $failed), "\n";
    if (!$useLock) {
        echo "(without the lock, buyers read the same stock and sell the same unit twice:\n"
            . " this is what RedisLock prevents)\n";
    }
    exit(1);
}
printf("OK: %d sold, %d orders created and processed, none oversold, %d buyers told \"sold out\".\n",
    STOCK, STOCK, $buyers - STOCK);
