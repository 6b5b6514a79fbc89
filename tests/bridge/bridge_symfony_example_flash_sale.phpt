--TEST--
examples/symfony_flash_sale.php: 30 buyers through symfony/lock on RedisLockStore buy exactly the 10 phones in stock
--DESCRIPTION--
examples/symfony_flash_sale.php: 30 buyers through symfony/lock's LockFactory
on RedisLockStore for 10 phones: exactly 10 sold, 20 "sold out", every sale
fenced with a greater number, at most 7 lock round trips per buyer plus one for
each second a buyer waited (no polling, on a loaded machine too), exit status 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* 30 buyers, three for each phone, contend as 100 did, in a third of the time. */
[$code, $out, $err] = rq_run_demo('symfony_flash_sale.php', ['--buyers=30'], 90);
foreach (['units sold' => '10', 'oversold' => '0', '"sold out" answers' => '20', 'writes refused by the fence check' => '0',
    'buyers without an answer' => '0', 'fencing numbers increasing' => 'yes'] as $label => $want) {
    $got = preg_match('/^  ' . preg_quote($label, '/') . ' +(\S+)$/m', $out, $m) ? $m[1] : 'missing';
    echo $label, ': ', $got === $want ? 'as promised' : "$got (wanted $want)", "\n";
}
echo str_contains($out, "\nOK: ") ? "OK line\n" : "no OK line:\n$out\n";
echo $err === '' ? "nothing on stderr\n" : "stderr: $err\n";
var_dump($code);
?>
--EXPECT--
units sold: as promised
oversold: as promised
"sold out" answers: as promised
writes refused by the fence check: as promised
buyers without an answer: as promised
fencing numbers increasing: as promised
OK line
nothing on stderr
int(0)
