--TEST--
RedisQueue::dead() with $payloadBytes: each payload cut to that many bytes with payload_bytes its length, 0 the length alone read without copying, on both layouts; null as before
--DESCRIPTION--
On a server of the test's own, so that INFO commandstats counts this test's
commands alone: dead letters without a payload, with an empty one, with 10
bytes (NUL and a byte that is not UTF-8 among them) and with 100 KiB, on the
zset layout and on the stream layout. With $payloadBytes 0 the script reads the
lengths by HSTRLEN and sends no HMGET (what a listing of sizes, such as the
operator's dead, needs); a cut of 4 bytes gives 4 bytes; null gives the whole
payloads and no payload_bytes, as the release before did.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$srv = rq_own_main_server();
$raw = new RawRedis();
$q = rq_queue();
$ten = "ab\0\xffcdefgh";
$big = str_repeat('z', 102400);
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name(":$layout");
    $q->enqueue($name, 'warm');
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->remove($name, 'warm');
    $q->enqueue($name, ['none', 'empty', 'ten', 'big'], 10, 0, false, ['empty' => '', 'ten' => $ten, 'big' => $big]);
    $got = $q->reserve($name, 4, 30, 0, 1);
    foreach ($got as $t) {
        $q->fail($name, $t['id'], $t['receipt']);
    }
    $byId = fn (array $list): array => array_column($list, null, 'id');

    $whole = $byId($q->dead($name, 10));
    rq_check(count($whole) === 4 && !isset($whole['none']['payload']) && $whole['empty']['payload'] === '' && $whole['ten']['payload'] === $ten
        && $whole['big']['payload'] === $big && !isset($whole['big']['payload_bytes']), "$layout: null: whole payloads, as before");

    $hmget = rq_cmd_calls($raw, 'hmget');
    $hstrlen = rq_cmd_calls($raw, 'hstrlen');
    $sizes = $byId($q->dead($name, 10, 0));
    rq_check(!isset($sizes['none']['payload']) && !isset($sizes['none']['payload_bytes'])
        && $sizes['empty']['payload'] === '' && $sizes['empty']['payload_bytes'] === 0
        && $sizes['ten']['payload'] === '' && $sizes['ten']['payload_bytes'] === 10
        && $sizes['big']['payload'] === '' && $sizes['big']['payload_bytes'] === 102400, "$layout: 0: the lengths, no bytes", $sizes);
    rq_check(rq_cmd_calls($raw, 'hmget') === $hmget && rq_cmd_calls($raw, 'hstrlen') > $hstrlen, "$layout: 0: HSTRLEN, no HMGET on the server");

    $cut = $byId($q->dead($name, 10, 4));
    rq_check($cut['ten']['payload'] === "ab\0\xff" && $cut['ten']['payload_bytes'] === 10 && $cut['big']['payload'] === 'zzzz'
        && $cut['big']['payload_bytes'] === 102400 && $cut['empty']['payload'] === '' && !isset($cut['none']['payload']), "$layout: 4: the first 4 bytes and the length");
    $q->clear($name);
}
foreach ([-1, RedisQueue::MAX_PAYLOAD_BYTES + 1] as $bad) {
    try {
        $q->dead('x', 10, $bad);
        echo "no error for $bad\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
try {
    $q->dead('x', 10, 'four');
} catch (TypeError $e) {
    echo get_class($e), "\n";
}
var_dump($q->dead('x', 10, RedisQueue::MAX_PAYLOAD_BYTES));
?>
--EXPECTF--
ok: zset: null: whole payloads, as before
ok: zset: 0: the lengths, no bytes
ok: zset: 0: HSTRLEN, no HMGET on the server
ok: zset: 4: the first 4 bytes and the length
ok: stream: null: whole payloads, as before
ok: stream: 0: the lengths, no bytes
ok: stream: 0: HSTRLEN, no HMGET on the server
ok: stream: 4: the first 4 bytes and the length
RedisQueue::dead(): Argument #3 ($payloadBytes) must be null or between 0 and 16777216 (RedisQueue::MAX_PAYLOAD_BYTES)
RedisQueue::dead(): Argument #3 ($payloadBytes) must be null or between 0 and 16777216 (RedisQueue::MAX_PAYLOAD_BYTES)
TypeError
array(0) {
}
