--TEST--
RedisLock::fencingToken(): 8 processes x 500 contended acquisitions of one name get 4,000 distinct fencing numbers, strictly increasing in the order the lock was held
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$list = "$name:fences";
$procs = 8;
/* 4,000 in all (fewer under valgrind): each number is drawn by one handoff of the
 * lock between 8 contending processes; thousands of them show what 20,000 did. */
$rounds = l4_valgrind() ? 25 : 500;

$start = microtime(true);
$pids = [];
for ($p = 0; $p < $procs; $p++) {
    $pids[] = l4_fork(function () use ($name, $list, $rounds) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        for ($i = 0; $i < $rounds; $i++) {
            if (!$lock->lock($name, 30, 5)) {
                fwrite(STDERR, "lock() gave up at round $i\n");
                return 10;
            }
            $fence = $lock->fencingToken($name);
            /* The number must be the one Redis holds for us right now. */
            $value = $raw->call('GET', l4_key($name));
            if (!is_int($fence) || (int) $value !== $fence) {
                fwrite(STDERR, "fencingToken $fence, Redis holds " . var_export($value, true) . "\n");
                return 11;
            }
            $raw->call('RPUSH', $list, (string) $fence);
            if (!$lock->unlock($name)) {
                fwrite(STDERR, "unlock() failed at round $i\n");
                return 12;
            }
        }
        return 0;
    });
}
/* Bounds that only a hang comes near. */
$codes = l4_wait($pids, l4_bound(180));
$elapsed = microtime(true) - $start;
echo implode(',', $codes), "\n";

$fences = array_map('intval', $raw->call('LRANGE', $list, '0', '-1'));
var_dump(count($fences) === $procs * $rounds);
var_dump(count(array_unique($fences)) === count($fences));
$increasing = true;
for ($i = 1; $i < count($fences); $i++) {
    if ($fences[$i] <= $fences[$i - 1]) {
        $increasing = false;
        echo "not increasing at $i: {$fences[$i - 1]} then {$fences[$i]}\n";
        break;
    }
}
var_dump($increasing);
var_dump($fences[0] >= 1);
var_dump($elapsed < l4_bound(120) ? 'within 120 s' : "took $elapsed s");
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $list);
?>
--EXPECT--
0,0,0,0,0,0,0,0
bool(true)
bool(true)
bool(true)
bool(true)
string(12) "within 120 s"
int(0)
