--TEST--
RedisLock::inspectMany() and RedisSemaphore::inspectMany() read up to 1000 names in one round trip, each as inspect() would, a refused key reported for its name alone
--DESCRIPTION--
A held lock, a shared one, a free one and names that differ after a NUL byte;
a semaphore held, a free one, and a key of another type under the semaphores'
prefix (made by hand, as another application might). Each entry equals what
inspect() says of that name; the foreign key is ['error' => WRONGTYPE...] while
the others are still answered. 1000 names take a handful of the server's reads
(one pipelined write), not 1000, counted on a server of the test's own (the
shared server's count moves with the tests running beside this one); 1001 names, an empty name or a non-string are a
ValueError.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_options());
$sem = new RedisSemaphore(rl_options());
$lock->lock("$name:held", 0, 30);
$lock->lockShared("$name:shared", 0, 30);
$lock->lock("$name\0a", 0, 30);
$t = $sem->acquire("$name:s", 3, 0, 30);
$raw->call('SET', "Semaphore:$name:foreign", 'not ours');

/* inspect() again a moment later: the same but for the times, which move on. */
$same = function (?array $a, ?array $b): bool {
    if ($a === null || $b === null) {
        return $a === $b;
    }
    $close = abs(($a['ttl'] ?? 0) - ($b['ttl'] ?? 0)) < 1
        && count($a['ttls'] ?? []) === count($b['ttls'] ?? [])
        && abs(array_sum($a['ttls'] ?? []) - array_sum($b['ttls'] ?? [])) < 1;
    unset($a['ttl'], $b['ttl'], $a['ttls'], $b['ttls'], $a['oldest_wait'], $b['oldest_wait']);
    return $close && $a == $b;
};
$names = ["$name:held", "$name:shared", "$name:free", "$name\0a", "$name\0b"];
$many = $lock->inspectMany($names);
var_dump(array_keys($many) === $names);
foreach ($names as $n) {
    echo bin2hex(substr($n, strlen($name))), ': ', $same($many[$n], $lock->inspect($n)) ? 'as inspect()' : 'differs', ', ',
        $many[$n] === null ? 'free' : $many[$n]['mode'], "\n";
}
$s = $sem->inspectMany(["$name:s", "$name:free", "$name:foreign"]);
var_dump($same($s["$name:s"], $sem->inspect("$name:s")), $s["$name:free"]);
echo str_starts_with($s["$name:foreign"]['error'] ?? '', 'WRONGTYPE') ? "foreign: WRONGTYPE\n" : 'foreign: ' . json_encode($s["$name:foreign"]) . "\n";

$thousand = array_map(fn($i) => "$name:$i", range(1, 1000));
$own = new FaultServer();
$ownRaw = $own->raw();
$ownLock = new RedisLock("redis://127.0.0.1:{$own->port}");
$ownLock->inspect('warm');
$reads = fn() => (int) preg_replace('/.*total_reads_processed:(\d+).*/s', '$1', $ownRaw->call('INFO', 'stats'));
$before = $reads();
$all = $ownLock->inspectMany($thousand);
$used = $reads() - $before - 1;
echo count($all), ' names, ', $used < 100 ? 'pipelined' : "$used reads", "\n";
foreach ([array_merge($thousand, ['x']), ['ok', ''], ['ok', 7]] as $bad) {
    try {
        $lock->inspectMany($bad);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
var_dump($lock->inspectMany([]));
$lock->unlockAll();
$sem->release("$name:s", $t);
$raw->call('DEL', "Semaphore:$name:foreign");
?>
--EXPECT--
bool(true)
3a68656c64: as inspect(), exclusive
3a736861726564: as inspect(), shared
3a66726565: as inspect(), free
0061: as inspect(), exclusive
0062: as inspect(), free
bool(true)
NULL
foreign: WRONGTYPE
1000 names, pipelined
RedisLock::inspectMany(): Argument #1 ($names) must not hold more than 1000 names
RedisLock::inspectMany(): Argument #1 ($names) must contain only non-empty strings
RedisLock::inspectMany(): Argument #1 ($names) must contain only non-empty strings
array(0) {
}
