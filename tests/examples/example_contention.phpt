--TEST--
examples/contention.php: B waits for A's lock and gets it when A unlocks; after A's lock expires B takes it and A's late unlock returns false; exit status 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* The demo's story is told in time (A stalls past its lock's lifetime): up to 3 runs,
 * for a loaded machine that spoiled the timing of one; each must be right in all. */
[$code, $out, $err] = rq_run_demo_tries('contention.php', [], 120);
var_dump($code);
foreach ([
    '/A: lock\(0 s timeout, 10 s lifetime\) -> true/',
    '/B: \.\.\. -> true after waiting \d+ ms: B holds the lock/',
    '/A: wakes up, unlock\(\) -> false/',
    '/B: isLocking\(\) -> true/',
    '/^OK: /m',
] as $pattern) {
    echo $pattern, ': ', preg_match($pattern, $out), "\n";
}
if ($code !== 0 || $err !== '') {
    echo "--- output ---\n$out\n--- stderr ---\n$err\n";
}
?>
--EXPECT--
int(0)
/A: lock\(0 s timeout, 10 s lifetime\) -> true/: 1
/B: \.\.\. -> true after waiting \d+ ms: B holds the lock/: 1
/A: wakes up, unlock\(\) -> false/: 1
/B: isLocking\(\) -> true/: 1
/^OK: /m: 1
