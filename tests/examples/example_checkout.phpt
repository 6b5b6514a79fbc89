--TEST--
examples/checkout.php: 24 buyers through a RedisSemaphore gate of 3 never have more than 3 at the provider, all get through, and no shared-lock reader sees the admin's rewrite; exit status 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
[$code, $out, $err] = rq_run_demo('checkout.php', [], 600);   // the time only catches a hang
var_dump($code);
foreach ([
    '/buyers through the gate: 24 of 24 in/',
    '/most buyers at the provider at once: [123] \(limit 3\)/',
    '/price-list reads that saw a rewrite in progress: 0/',
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
/buyers through the gate: 24 of 24 in/: 1
/most buyers at the provider at once: [123] \(limit 3\)/: 1
/price-list reads that saw a rewrite in progress: 0/: 1
/^OK: /m: 1
