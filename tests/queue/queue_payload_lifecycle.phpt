--TEST--
RedisQueue: a payload goes with its task (ack, pop, remove, clear, purgeDead, dequeue) and stays through release, expiry, the dead letters and retryDead()
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$raw = new RawRedis();
$q = rq_queue(['max_attempts' => 2]);
$key = '{Queue:' . $name . '}:payloads';
$stored = fn() => $raw->call('HKEYS', $key);

$q->enqueue($name, ['acked', 'popped', 'removed'], payload: ['acked' => '1', 'popped' => '2', 'removed' => '3']);
$t = $q->reserve($name);
$q->ack($name, $t['id'], $t['receipt']);
$q->pop($name);
$q->remove($name, 'removed');
rq_check($stored() === [], 'ack(), pop() and remove() drop the payload', $stored());

$q->enqueue($name, 'x', payload: 'X');
$t = $q->reserve($name, visibility: 0.05);
usleep(100000);
$t = $q->reserve($name);
rq_check($t['payload'] === 'X' && $t['attempts'] === 2, 'an expired reservation comes back with its payload', $t);
$q->release($name, 'x', 0, $t['receipt']);
rq_check(($q->dead($name)[0]['payload'] ?? null) === 'X', 'used up, it is dead with its payload');
$q->retryDead($name);
$t = $q->reserve($name);
rq_check($t['payload'] === 'X' && $t['attempts'] === 1, 'retryDead() brings it back with its payload, attempts forgotten', $t);
$q->release($name, 'x', 0, $t['receipt']);
$t = $q->reserve($name);
rq_check($t['payload'] === 'X', 'release() keeps the payload');
$q->release($name, 'x', 0, $t['receipt']);
$q->purgeDead($name);
rq_check($stored() === [], 'purgeDead() drops the dead letters\' payloads', $stored());

$q->enqueue($name, 'y', payload: 'Y');
$score = $q->top($name)['score'];
$q->dequeue($name, 'y', $score);
rq_check($stored() === [], 'dequeue() drops the payload', $stored());
$q->enqueue($name, ['z1', 'z2'], payload: ['z1' => 'a', 'z2' => 'b']);
$q->clear($name);
rq_check($raw->call('EXISTS', $key) === 0, 'clear() deletes the payloads');
?>
--EXPECT--
ok: ack(), pop() and remove() drop the payload
ok: an expired reservation comes back with its payload
ok: used up, it is dead with its payload
ok: retryDead() brings it back with its payload, attempts forgotten
ok: release() keeps the payload
ok: purgeDead() drops the dead letters' payloads
ok: dequeue() drops the payload
ok: clear() deletes the payloads
