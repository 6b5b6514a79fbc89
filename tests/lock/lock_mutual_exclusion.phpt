--TEST--
RedisLock: 8 processes each take one lock 200 times and increment a counter inside it; no increment is lost (1600)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$counter = "counter:$name";
$raw = new RawRedis();
$raw->call('SET', $counter, '0');
$start = microtime(true);

$codes = rl_fork(8, function (int $worker) use ($name, $counter) {
    $lock = new RedisLock(rl_dsn());
    $raw = new RawRedis();
    $deadline = microtime(true) + 18;
    for ($i = 0; $i < 200; $i++) {
        while (!$lock->lock($name, 10, 5, 1000)) {
            if (microtime(true) > $deadline) {
                fwrite(STDERR, "worker $worker: gave up at $i\n");
                return 2;
            }
        }
        /* Read, pause a little, write: any overlap would lose an increment. */
        $value = (int) $raw->call('GET', $counter);
        if ($i % 16 === 0) {
            usleep(100);
        }
        $raw->call('SET', $counter, (string) ($value + 1));
        if (!$lock->unlock($name)) {
            fwrite(STDERR, "worker $worker: unlock failed at $i\n");
            return 3;
        }
    }
    return 0;
});
echo implode(',', $codes), "\n";
var_dump($raw->call('GET', $counter));
var_dump($raw->call('EXISTS', "Lock:$name"));
$elapsed = microtime(true) - $start;
var_dump($elapsed < 20 ? 'in time' : "took $elapsed s");
$raw->call('DEL', $counter);
?>
--EXPECT--
0,0,0,0,0,0,0,0
string(4) "1600"
int(0)
string(7) "in time"
