--TEST--
RedisSemaphore: permits handed to a waiter killed just before the release (its alive mark not yet lapsed) are revoked once its alive period has passed, and go to the next live waiter
--DESCRIPTION--
Limit 2, both held. Waiter D asks for 2 (lifetime 60 s), then waiter L for 2.
D is killed while it blocks; at once, the holders release. The permits are
handed to D (its alive mark still lives): its acquisition, its 'h' unread in its
wake-up list, the hand-over recorded beside the semaphore, due within the alive
period (2.5 s) of the release. While the record is not due, nothing is revoked
(the test pins it in the future, so that no wait round of L can revoke it
early). Once due (the test sets its score in the past instead of waiting), the
next acquire revokes D's acquisition and hands the 2 permits to L, which
returns holding them; nothing of D is left.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = sem_key($name);
$P = '{' . $key . '}:w:';
$H = '{' . $key . '}:many';
$report = "$name:report";
$sem = sem_new();
$t1 = $sem->acquire($name, 2, 0, 30);
$t2 = $sem->acquire($name, 2, 0, 30);
$dead = l4_fork(function () use ($name) {
    $s = sem_new();
    $s->acquire($name, 2, l4_bound(30), 60, 2);
    return 12;
});
var_dump(sem_until_queued($raw, $name, 1, 10));
$hexD = $raw->call('ZRANGE', sem_queue_key($name), '0', '0')[0] ?? '';
$live = l4_fork(function () use ($name, $report) {
    $raw = new RawRedis();
    $s = sem_new();
    $t = $s->acquire($name, 2, l4_bound(30), 30, 2);
    $raw->call('RPUSH', $report, $t === false ? 'false' : $t . ' ' . var_export($s->holds($name, $t), true));
    l4_until(fn () => $raw->call('LLEN', "$name:go") > 0, l4_bound(30));
    return $t !== false && $s->release($name, $t) ? 0 : 11;
});
var_dump(sem_until_queued($raw, $name, 2, 10));
$hexL = $raw->call('ZRANGE', sem_queue_key($name), '1', '1')[0] ?? '';
l4_signal($dead, 'KILL');
echo implode(',', l4_wait([$dead], l4_bound(10))), "\n";
$t0 = ho_redis_ms($raw);
$sem->release($name, $t1);
$sem->release($name, $t2);
$tr = ho_redis_ms($raw);
$z = sem_zset($raw, $key);
echo 'handed to the dead waiter: ', sem_yes(array_keys($z) === ["2:$hexD"], $z), "\n";
$due = $raw->call('ZSCORE', $H, $hexD);
echo 'the hand-over recorded, due within the alive period: ', sem_yes($due !== null && (int) $due >= $t0 + 2500 && (int) $due <= $tr + 2500, [$due, $t0, $tr]), "\n";
echo "its 'h' unread: ", json_encode($raw->call('LRANGE', $P . 'w:' . $hexD, '0', '-1')), "\n";
/* Not due yet: pinned a minute ahead, whatever the machine's pace. */
$raw->call('ZADD', $H, 'XX', (string) ($tr + 60000), $hexD);
echo 'not due: another caller refused: ', var_export($sem->acquire($name, 2), true), ', still handed: ', sem_yes(array_keys(sem_zset($raw, $key)) === ["2:$hexD"]), ', L queued: ', sem_queued($raw, $name), "\n";
/* Due: the alive period has passed. */
$raw->call('ZADD', $H, 'XX', '0', $hexD);
echo 'due: the next acquire is refused (L is first): ', var_export($sem->acquire($name, 2), true), "\n";
$r = $raw->call('BLPOP', $report, '5')[1] ?? 'no report';
echo 'L returned holding them: ', sem_yes($r === "2:$hexL true", [$r, $hexL]), "\n";
$z = sem_zset($raw, $key);
echo 'only L\'s acquisition: ', sem_yes(array_keys($z) === ["2:$hexL"], $z), ', held ', $sem->count($name), "\n";
echo 'nothing of D left: ', $raw->call('EXISTS', $P . 'a:' . $hexD, $P . 'l:' . $hexD, $P . 'w:' . $hexD), ', records left: L\'s (its \'h\' popped, dropped by its release): ', sem_yes($raw->call('ZRANGE', $H, '0', '-1') === [$hexL]), "\n";
$raw->call('RPUSH', "$name:go", '1');
echo implode(',', l4_wait([$live], l4_bound(10))), "\n";
echo 'held ', $sem->count($name), ', keys left: ', $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name), $H, $P . 'w:' . $hexL, $P . 'l:' . $hexL), "\n";
$raw->call('DEL', $report, "$name:go");
?>
--EXPECT--
bool(true)
bool(true)
-1
handed to the dead waiter: yes
the hand-over recorded, due within the alive period: yes
its 'h' unread: ["h"]
not due: another caller refused: false, still handed: yes, L queued: 1
due: the next acquire is refused (L is first): false
L returned holding them: yes
only L's acquisition: yes, held 2
nothing of D left: 0, records left: L's (its 'h' popped, dropped by its release): yes
0
held 0, keys left: 0
