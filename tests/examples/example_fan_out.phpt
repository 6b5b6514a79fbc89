--TEST--
examples/fan_out.php: 12 forked workers each count a RedisLatch down after writing their part; the request's await() returns true with every part written and the latch at 0; exit status 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
[$code, $out, $err] = rq_run_demo('fan_out.php', [], 120);   // the time only catches a hang
var_dump($code);
foreach ([
    '/request: 12 parts handed out/',
    '/request: await\(\) -> true after \d+ ms, 12 of 12 results there/',
    '/the results sum to 650; the latch reads 0/',
    '/^OK: /m',
] as $pattern) {
    echo $pattern, ': ', preg_match($pattern, $out), "\n";
}
echo 'each worker counted down once: ', preg_match_all('/^worker \d+: part done, \d+ left$/m', $out), "\n";
if ($code !== 0 || $err !== '') {
    echo "--- output ---\n$out\n--- stderr ---\n$err\n";
}
?>
--EXPECT--
int(0)
/request: 12 parts handed out/: 1
/request: await\(\) -> true after \d+ ms, 12 of 12 results there/: 1
/the results sum to 650; the latch reads 0/: 1
/^OK: /m: 1
each worker counted down once: 12
