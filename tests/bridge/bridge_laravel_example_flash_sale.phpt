--TEST--
examples/laravel_flash_sale.php: 30 buyers through Cache::lock()->block() on the Laravel bridge buy exactly the 10 phones in stock
--DESCRIPTION--
examples/laravel_flash_sale.php: 30 buyers, 10 phones, Cache::lock()->block()
on the Laravel bridge: 10 sold, 20 "sold out", 10 order locks released from the
worker with restoreLock(), none left, exit status 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* 30 buyers, three for each phone, contend as 100 did; the example's buyers give
 * up after block(10), which a queue of 100 Laravel processes outlasted on a
 * loaded host. */
[$code, $out, $err] = rq_run_demo('laravel_flash_sale.php', ['--buyers=30'], 90);
foreach (['units sold', 'buyers told "bought"', '"sold out" answers', 'other answers', 'order jobs processed',
    'order locks released by the worker', 'locks left in Redis'] as $label) {
    echo $label, ': ', preg_match('/^  ' . preg_quote($label, '/') . ' +(\d+)$/m', $out, $m) ? $m[1] : 'missing', "\n";
}
var_dump($code);
echo $err;
if ($code !== 0) {
    echo $out;
}
?>
--EXPECT--
units sold: 10
buyers told "bought": 10
"sold out" answers: 20
other answers: 0
order jobs processed: 10
order locks released by the worker: 10
locks left in Redis: 0
int(0)
