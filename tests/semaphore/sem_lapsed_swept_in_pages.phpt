--TEST--
RedisSemaphore: 1,000 acquisitions that lapse together are swept 200 per call, never counted meanwhile; inspect() lists at most the 1000 longest lifetimes of 1,500 holders
--DESCRIPTION--
On a server of the test's own, 1,000 acquisitions of one permit, written as
acquire() writes them, all end 0.3 s after they are written. Once the server's
clock is past that, one acquire() of a limit of 1 gets its permit at once
(nothing lapsed is counted), and its script removed 200 of the lapsed from the
set, not all 1,000 in one go; the calls after it remove the rest, 200 at a
time. Of a semaphore with 1,500 live holders, inspect() counts them all and
lists the time left of the 1000 that end last.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$sem = new RedisSemaphore($server->options());
$name = rl_name();
$key = sem_key($name);
sem_write_holders($raw, $key, 1, 1000, 300);
$t = $raw->call('TIME');
$end = (int) $t[0] * 1000 + intdiv((int) $t[1], 1000) + 300;
var_dump(l4_until(function () use ($raw, $end) {
    $t = $raw->call('TIME');
    return (int) $t[0] * 1000 + intdiv((int) $t[1], 1000) > $end + 5;
}, 30));
$token = $sem->acquire($name, 1, 0, 60);
var_dump(is_string($token));
echo 'left in the set after one call: ', $raw->call('ZCARD', $key), "\n";
$cards = [];
for ($i = 0; $i < 6; $i++) {
    $sem->count($name);
    var_dump($sem->acquire($name, 1, 0, 60));
    $cards[] = $raw->call('ZCARD', $key);
}
echo 'then: ', implode(',', $cards), "\n";
echo 'held: ', $sem->count($name), "\n";
var_dump($sem->release($name, $token));
sem_write_holders($raw, sem_key("$name:i"), 1, 1500, 60000);
$info = $sem->inspect("$name:i");
echo 'inspect: ', $info['held'], ' permits, ', $info['holders'], ' holders, ', count($info['ttls']), " lifetimes\n";
?>
--EXPECT--
bool(true)
bool(true)
left in the set after one call: 801
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
then: 601,401,201,1,1,1
held: 1
bool(true)
inspect: 1500 permits, 1500 holders, 1000 lifetimes
