--TEST--
Watchdog: 10,000 leased holds of one process on a 1 s lease are all renewed, none lapses: after three leases every key still holds its token with at most a lease left, and another process takes none
--DESCRIPTION--
One object with the watchdog (lease 1 s) takes 10,000 names with
addLock(watch: true) for 60 s each, on a server of the test's own. The
watchdog renews them every third of a lease, the due ones of the object's
connection in one pipelined round trip. Once three leases have passed since
the last acquisition, every key is read on the server (MGET): each still holds
its token, with more than 0 and at most 1000 ms left (a lease, not the 60 s),
and a second process's addLock() of 200 of the names is refused for each
(that process is started before the holds are taken, and waits).
A hang guard of 300 s stops the acquisitions; nothing else is timed. Under
ThreadSanitizer or valgrind it takes 1,000 names. It runs
alone: 30,000 renewals a second take about a third of a CPU on the server.
--CONFLICTS--
all
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$server = new FaultServer();
$raw = $server->raw();
/* Under ThreadSanitizer or valgrind, which slow the process down 5 to 50 times,
 * 1,000: what they check is the threads, not the rate. */
$n = getenv('REDISLOCK_TEST_TSAN_LOADER') || l4_valgrind() ? 1000 : 10000;
$lock = new RedisLock($server->options(['watchdog' => ['lease' => 1.0, 'max_hold' => 300.0]]));
$names = $tokens = [];
for ($i = 0; $i < $n; $i++) {
    $names[$i] = rl_name("-$i");
}
/* The other process is started now, while this one is small, and waits for a
 * line: forking a process that holds 10,000 entries copies every page either
 * side writes to until the child execs. */
$sample = array_map(fn ($i) => $names[$i], array_rand($names, 200));
[$proc, $in, $out] = wd_spawn('
    $lock = new RedisLock(["host" => "127.0.0.1", "port" => ' . $server->port . ']);
    $lock->isLocked("warm-up");
    fgets(STDIN);
    $taken = 0;
    foreach (' . var_export($sample, true) . ' as $name) {
        $taken += $lock->addLock($name, 5, fenced: false) !== false;
    }
    echo $taken, "\n";
');
$guard = microtime(true) + 300;
for ($i = 0; $i < $n && microtime(true) < $guard; $i++) {
    $tokens[$i] = $lock->addLock($names[$i], 60, fenced: false, watch: true);
}
echo 'taken: ', wd_ok(count(array_filter($tokens, 'is_string')) === $n, count($tokens)), "\n";
$since = microtime(true);
while (microtime(true) - $since < 3.0) {
    usleep(50000);
}
$wrong = [];
foreach (array_chunk(array_keys($names), 500) as $chunk) {
    $values = $raw->call('MGET', ...array_map(fn ($i) => l4_key($names[$i]), $chunk));
    foreach ($chunk as $j => $i) {
        if ($values[$j] !== $tokens[$i]) {
            $wrong[] = $names[$i];
        }
    }
}
echo 'held: ', wd_ok($wrong === [], count($wrong) . ' lapsed, e.g. ' . implode(', ', array_slice($wrong, 0, 3))), "\n";
$long = [];
foreach (array_rand($names, 200) as $i) {
    $pttl = $raw->call('PTTL', l4_key($names[$i]));
    if ($pttl <= 0 || $pttl > 1000) {
        $long[] = $pttl;
    }
}
echo 'leased: ', wd_ok($long === [], $long), "\n";
fwrite($in, "go\n");
echo 'another process took: ', trim((string) l4_read_line($out, 60)), "\n";
wd_reap($proc);
?>
--EXPECT--
taken: ok
held: ok
leased: ok
another process took: 0
