--TEST--
RedisQueue stream layout: crashes count as attempts; with max_attempts 2 the second expired reservation sends the task to the dead letters with its payload, and nowhere else
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 2]);
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'poison', payload: 'the-body');
foreach ([1, 2] as $round) {
    [$proc, $out, $t] = rq_reserve_in_child(rl_dsn() . '?max_attempts=2', $name, '1, 0.3, 2');
    echo "round $round: ", $t['id'] ?? 'nothing', ' attempt ', $t['attempts'] ?? '-', "\n";
    rq_kill($proc, $out);
    usleep(400000);
}
var_dump($q->reserve($name, 1, 0.3, 0.5));
rq_check($raw->call('TYPE', "{Queue:$name}:stream") === 'stream', 'the queue is on the stream layout');
var_dump($raw->call('ZSCORE', "{Queue:$name}:dead", 'poison') !== null);
var_dump($q->dead($name)[0]['payload'] ?? null);      // from its entry into P, where dead letters keep theirs
var_dump($raw->call('HGET', "{Queue:$name}:spare", 'poison'), $raw->call('HEXISTS', "{Queue:$name}:payloads", 'poison'));
var_dump($raw->call('XLEN', "{Queue:$name}:stream"), $raw->call('HLEN', "{Queue:$name}:index"), $raw->call('ZCARD', "Queue:$name"));
?>
--EXPECT--
round 1: poison attempt 1
round 2: poison attempt 2
bool(false)
ok: the queue is on the stream layout
bool(true)
string(8) "the-body"
NULL
int(1)
int(0)
int(0)
int(0)
