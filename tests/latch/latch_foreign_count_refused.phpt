--TEST--
RedisLatch: a count key holding anything but digits up to MAX_COUNT (written by hand) is refused alike by countDown(), count(), await() and inspect(), and nothing is written
--DESCRIPTION--
Values another writer may leave at a latch's key: above MAX_COUNT, inf, nan,
1.5, -3, " 4", 0x10, 1e3, an empty string. Each call throws
RedisLockServerException (WRONGTYPE from the scripts, an unexpected reply from
GET), and the key and its open mark are as they were. Leading zeros are digits:
"0001" counts as 1.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
$open = rl_name();   // a plain name: its open mark is "{Latch:<name>}:open"
$bad = [];
foreach (['1000000000000001', '99999999999999999', 'inf', 'nan', '1e400', '1.5', '-3', ' 4', '0x10', '1e3', '', 'abc'] as $v) {
    $raw->call('SET', la_key($name), $v);
    foreach (['countDown' => fn () => $l->countDown($name), 'count' => fn () => $l->count($name),
        'await' => fn () => $l->await($name, 0.01), 'inspect' => fn () => $l->inspect($name)] as $method => $call) {
        try {
            $got = $call();
            $bad[] = "$method on " . json_encode($v) . ' answered ' . json_encode($got);
        } catch (RedisLockServerException $e) {
            // refused
        }
        if ($raw->call('GET', la_key($name)) !== $v || $raw->call('EXISTS', la_open($name)) !== 0) {
            $bad[] = "$method on " . json_encode($v) . ' wrote something';
        }
    }
}
echo $bad ? implode("\n", $bad) . "\n" : "every call refused, nothing written\n";
$raw->call('SET', la_key($name), '0001', 'PX', '30000');
var_dump($l->count($name), $l->inspect($name)['count'], $l->countDown($name), $raw->call('GET', la_key($name)), $raw->call('LLEN', la_open($name)));
$raw->call('DEL', la_key($name), la_open($name));
?>
--EXPECT--
every call refused, nothing written
int(1)
int(1)
int(0)
string(1) "0"
int(1)
