--TEST--
examples/flash_sale.php: 50 buyers at once for 10 phones: exactly 10 sold, 10 orders processed, 0 oversold, 40 "sold out", at most 40 let in per 100 ms, exit status 0
--DESCRIPTION--
The demo's summary: 10 units sold, 10 orders created and 10 processed, none
oversold, 40 buyers told "sold out" (of 50); the rate limiter at the door let in at most
40 buyers per window of 100 ms and told the others when to come back, and they
came back; the exit status is 0.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* 50 buyers, 5 times the stock and more than the door lets in at once, show all the
 * sale does (200 show no more, and their processes crowd the tests running beside
 * this one); the time only catches a hang. */
$buyers = 50;
/* The demo counts its door's windows on the buyers' clocks, which a loaded machine
 * skews: up to 3 runs, the last one checked in full. */
[$code, $out, $err] = rq_run_demo_tries('flash_sale.php', ["--buyers=$buyers"], 600);

/** The number on a summary line "  <label>   <number>". */
function figure(string $out, string $label): ?int
{
    return preg_match('/^  ' . preg_quote($label, '/') . ' +(-?\d+)$/m', $out, $m) ? (int) $m[1] : null;
}

$want = [
    'units in stock before' => 10,
    'units sold' => 10,
    'buyers told "bought"' => 10,
    'orders created' => 10,
    'orders processed' => 10,
    'oversold' => 0,
    '"sold out" answers' => $buyers - 10,
    'gave up (lock busy for 20 s)' => 0,
    'buyers without an answer' => 0,
    'stock left' => 0,
];
foreach ($want as $label => $value) {
    $got = figure($out, $label);
    echo $label, ': ', $got ?? 'missing', "\n";
}
$door = figure($out, 'door: most let in per window');
$unplaced = figure($out, 'door: entries too slow to place');
echo 'the door let in at most 40 per window: ', $door !== null && $unplaced !== null && $door <= 40 && $door + $unplaced > 0
    ? 'yes' : "no ($door, $unplaced unplaced)", "\n";
$told = figure($out, 'door: told to come back');
$came = figure($out, 'door: buyers who came back');
echo 'buyers over the rate were told to come back, and came: ', $told > 0 && $came > 0 && $came <= $told ? 'yes' : "no ($told, $came)", "\n";
var_dump(preg_match('/door: longest retry_after told +\d+\.\d ms/', $out));
var_dump($code);
var_dump(preg_match('/^OK: 10 sold, 10 orders created and processed, none oversold, ' . ($buyers - 10) . ' buyers told "sold out"\.$/m', $out));
var_dump(preg_match('/time to an answer, p50 +\d+\.\d ms/', $out), preg_match('/time to an answer, p99 +\d+\.\d ms/', $out));
if ($code !== 0 || $err !== '') {
    echo "--- output ---\n$out\n--- stderr ---\n$err\n";
}
?>
--EXPECT--
units in stock before: 10
units sold: 10
buyers told "bought": 10
orders created: 10
orders processed: 10
oversold: 0
"sold out" answers: 40
gave up (lock busy for 20 s): 0
buyers without an answer: 0
stock left: 0
the door let in at most 40 per window: yes
buyers over the rate were told to come back, and came: yes
int(1)
int(0)
int(1)
int(1)
int(1)
