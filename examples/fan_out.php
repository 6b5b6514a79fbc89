<?php
/*
 * Fan out and wait: a request hands 12 parts of an import to 12 worker
 * processes, then waits on a RedisLatch, without polling, until the last part is
 * done. Each worker writes its part's result, then counts the latch down; the
 * one that brings it to 0 wakes the waiter, which then reads every result.
 *
 *   php -d extension=redislock.so examples/fan_out.php [--parts=N]
 *
 * REDISLOCK_DSN names the server (default redis://127.0.0.1:6379). The exit
 * status is 0 only if the wait ended true, every part's result was written
 * before it ended, and the latch reads 0 after it.
 */
declare(strict_types=1);

$dsn = getenv('REDISLOCK_DSN') ?: 'redis://127.0.0.1:6379';
$parts = (int) (getopt('', ['parts:'])['parts'] ?? 12);
if ($parts < 1 || $parts > 100) {
    fwrite(STDERR, "--parts must be between 1 and 100\n");
    exit(2);
}
if (!function_exists('pcntl_fork')) {
    fwrite(STDERR, "this demo forks its workers: it needs the pcntl extension\n");
    exit(2);
}
$import = 'import-demo:' . bin2hex(random_bytes(4));
$results = sys_get_temp_dir() . "/$import";
mkdir($results);

$latch = new RedisLatch($dsn);
$latch->set($import, $parts, ttl: 600);
echo "request: {$parts} parts handed out, waiting on latch \"$import\"\n";

$pids = [];
for ($i = 1; $i <= $parts; $i++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        // A worker: its own connection (a forked child's object would make one too).
        usleep(random_int(10, 300) * 1000);
        file_put_contents("$results/part-$i", (string) ($i * $i));
        $left = (new RedisLatch($dsn))->countDown($import);
        echo "worker $i: part done, $left left\n";
        exit(0);
    }
    $pids[] = $pid;
}

$start = hrtime(true);
$open = $latch->await($import, 60);
$waited = (hrtime(true) - $start) / 1e6;
$done = count(glob("$results/part-*"));
printf("request: await() -> %s after %.0f ms, %d of %d results there\n", json_encode($open), $waited, $done, $parts);
foreach ($pids as $pid) {
    pcntl_waitpid($pid, $status);
}
$sum = 0;
foreach (glob("$results/part-*") as $file) {
    $sum += (int) file_get_contents($file);
    unlink($file);
}
rmdir($results);
$count = $latch->count($import);
printf("request: the results sum to %d; the latch reads %s\n", $sum, json_encode($count));
if ($open === true && $done === $parts && $count === 0) {
    echo "OK: the wait ended with every part done\n";
    exit(0);
}
echo "FAILED\n";
exit(1);
