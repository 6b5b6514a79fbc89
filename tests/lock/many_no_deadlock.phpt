--TEST--
RedisLock::lockMany(): two processes locking [a, b] and [b, a] 200 times each never deadlock nor time out, and the work under both locks is mutually excluded (total 400)
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$counter = rl_name(':counter');
$rounds = l4_valgrind() ? 20 : 200;

$pids = [];
foreach ([[$a, $b], [$b, $a]] as $names) {
    $pids[] = l4_fork(function () use ($names, $counter, $rounds) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        for ($i = 0; $i < $rounds; $i++) {
            if (!$lock->lockMany($names, 5, 15)) {
                fwrite(STDERR, "lockMany() timed out at round $i\n");
                return 10;
            }
            /* A read-modify-write that loses updates unless it is alone. */
            $n = (int) $raw->call('GET', $counter);
            usleep(200);
            $raw->call('SET', $counter, (string) ($n + 1));
            if (!$lock->unlockAll()) {
                return 11;
            }
        }
        return 0;
    });
}
echo implode(',', l4_wait($pids, l4_bound(20))), "\n";
var_dump((int) $raw->call('GET', $counter) === 2 * $rounds);
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b)));
?>
--EXPECT--
0,0
bool(true)
int(0)
