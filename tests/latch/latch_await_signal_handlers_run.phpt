--TEST--
RedisLatch::await(): PHP's async signal handlers run during the wait, which goes on until the latch opens; a handler that throws ends the wait with its exception and the object stays usable
--DESCRIPTION--
A latch of count 1; a child sends SIGUSR1 to the waiting parent three times,
200 ms apart, noting when it sent each, then counts the latch down. Each handler
runs after its signal was sent and before await() returns, and await() returns
true (the latch opened after the third signal, so the wait went on after the
handlers). Then a handler that throws: a child sends one signal to an await(60 s)
on a latch that stays at 1; await() throws the handler's exception (within 30 s,
far from the 60 s), the latch is unchanged, and the same object then reads and
counts it down correctly (the interrupted BLMOVE's reply is not taken for the
answer of a later command).
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
pcntl_async_signals(true);
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
$report = "$name:sent";
$got = [];
pcntl_signal(SIGUSR1, function () use (&$got) { $got[] = microtime(true); });
$parent = getmypid();
var_dump($l->set($name, 1, 60));
$sender = l4_fork(function () use ($parent, $report, $name) {
    $raw = new RawRedis();
    for ($i = 0; $i < 3; $i++) {
        usleep(200000);
        $raw->call('RPUSH', $report, sprintf('%.6f', microtime(true)));
        l4_signal($parent, 'USR1');
    }
    usleep(200000);
    return la_new()->countDown($name) === 0 ? 0 : 10;
});
$r = $l->await($name, 30);
$end = microtime(true);
echo 'sender: ', implode(',', l4_wait([$sender], l4_bound(30))), "\n";
$sent = array_map('floatval', (array) $raw->call('LRANGE', $report, '0', '-1'));
echo 'await returned: ', var_export($r, true), "\n";
$order = count($got) === 3 && count($sent) === 3;
for ($i = 0; $order && $i < 3; $i++) {
    $order = $got[$i] >= $sent[$i] && $got[$i] < $end;
}
echo 'three handlers ran, each after its signal, during the wait: ', la_yes($order, [$sent, $got, $end]), "\n";

pcntl_signal(SIGUSR1, function () { throw new RuntimeException('stop waiting'); });
$far = "$name:far";
var_dump($l->set($far, 1, 120));
$sender = l4_fork(function () use ($parent) { usleep(300000); l4_signal($parent, 'USR1'); return 0; });
$t = microtime(true);
try {
    $l->await($far, 60);
    echo "no exception\n";
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), ', before the timeout: ', la_yes(microtime(true) - $t < 30, microtime(true) - $t), "\n";
}
l4_wait([$sender], l4_bound(30));
pcntl_signal(SIGUSR1, SIG_DFL);
echo 'unchanged: ', la_yes(la_keys($raw, $far) === [la_key($far)] && $raw->call('GET', la_key($far)) === '1', la_keys($raw, $far)), "\n";
var_dump($l->count($far), $l->await($far, 0), $l->countDown($far), $l->await($far, 1), $l->count($name));
$raw->call('DEL', $report);
?>
--EXPECT--
bool(true)
sender: 0
await returned: true
three handlers ran, each after its signal, during the wait: yes
bool(true)
RuntimeException: stop waiting, before the timeout: yes
unchanged: yes
int(1)
bool(false)
int(0)
bool(true)
int(0)
