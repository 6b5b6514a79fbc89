--TEST--
RedisQueue: calls over more than a page (250 tasks) keep their answers: every task once, in order, each with its payload or receipt, and the counts of retryDead() and purgeDead()
--DESCRIPTION--
One queue script works on at most 250 members; enqueue(), top(), reserve(), pop(),
dead(), retryDead() and purgeDead() page through more. With nobody else on the
queue, the answers are what one script over everything would have given.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$ids = [];
$payloads = [];
for ($i = 0; $i < 1234; $i++) {
    $ids[] = $id = sprintf('t%04d', $i);
    if ($i % 3 === 0) {
        $payloads[$id] = "p$i";
    }
}
var_dump($q->enqueue($name, $ids, payload: $payloads));
$top = $q->top($name, 5000);
rq_check(array_column($top, 'id') === $ids, 'top() lists the 1234 tasks over three pages, in order, each once');
rq_check(array_column(array_filter($top, fn ($t) => isset($t['payload'])), 'payload', 'id') === $payloads,
    'each with its payload');
rq_check($q->top($name)['id'] === 't0000', 'top() of one');
$res = $q->reserve($name, 1100, visibility: 60);
rq_check(array_column($res, 'id') === array_slice($ids, 0, 1100)
    && count(array_unique(array_column($res, 'receipt'))) === 1100, 'reserve() of 1100: in order, a receipt each');
foreach (array_slice($res, 0, 700) as $t) {
    $q->fail($name, $t['id'], $t['receipt']);
}
$dead = $q->dead($name, 1000);
/* Oldest first: by the time each died (the server's clock, which a virtual machine's may step back between
 * two calls), then by id, as the dead letters' sorted set orders them; each of the 700 once. */
$byTime = $dead;
usort($byTime, fn (array $a, array $b): int => [$a['time'], $a['id']] <=> [$b['time'], $b['id']]);
$listed = array_column($dead, 'id');
$failed = array_slice($ids, 0, 700);
sort($listed);
rq_check($dead === $byTime && $listed === $failed, 'dead() lists the 700 dead letters, oldest first',
    $dead === $byTime ? 'each once: not so' : 'not in order of their times');
rq_check(count($q->dead($name, 600)) === 600, 'dead() stops at its count');
$list = array_merge(['t0000', 't0000', 'nope'], array_slice($ids, 1, 599));
rq_check($q->retryDead($name, $list) === 600, 'retryDead() of a list of 602: each dead id once');
rq_check($q->retryDead($name) === 100, 'retryDead() of all revives the other 100');
var_dump($q->size($name));
foreach ($q->top($name, 5000) as $t) {
    $q->fail($name, $t['id']);
}
rq_check($q->purgeDead($name) === 834, 'purgeDead() drops the 834 dead letters');
$more = [];
for ($i = 0; $i < 1200; $i++) {
    $more[] = "m$i";
}
$q->enqueue($name, $more);
$popped = $q->pop($name, 2000);
rq_check(count($popped) === 1200 && count(array_unique(array_column($popped, 'id'))) === 1200, 'pop() takes the 1200 due tasks');
var_dump($q->clear($name));
?>
--EXPECT--
bool(true)
ok: top() lists the 1234 tasks over three pages, in order, each once
ok: each with its payload
ok: top() of one
ok: reserve() of 1100: in order, a receipt each
ok: dead() lists the 700 dead letters, oldest first
ok: dead() stops at its count
ok: retryDead() of a list of 602: each dead id once
ok: retryDead() of all revives the other 100
array(4) {
  ["due"]=>
  int(834)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(400)
  ["dead"]=>
  int(0)
}
ok: purgeDead() drops the 834 dead letters
ok: pop() takes the 1200 due tasks
int(400)
