--TEST--
The holder option with persistent connections: objects sharing one connection each name their holds by their own label, never by another's
--DESCRIPTION--
The holder option with persistent connections: objects sharing one persistent connection (same endpoint and persistent_id) each name their holds by their own label, locks and semaphores, and a label of one never shows on the other's holds
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$n = rl_name();
$me = gethostname() . ':' . getmypid();
$a = new RedisLock(rl_options(['persistent' => true, 'persistent_id' => 'p', 'holder' => 'A']));
$b = new RedisLock(rl_options(['persistent' => true, 'persistent_id' => 'p', 'holder' => 'B']));
$c = new RedisLock(rl_options(['persistent' => true, 'persistent_id' => 'p']));
$d = new RedisLock(rl_options(['persistent' => true, 'persistent_id' => 'p', 'holder' => '']));
$sa = new RedisSemaphore(rl_options(['persistent' => true, 'holder' => 'SA']));
$sb = new RedisSemaphore(rl_options(['persistent' => true]));
$a->lock("$n:a", 0, 30);
$b->lock("$n:b", 0, 30);
$c->lock("$n:c", 0, 30);
$d->lock("$n:d", 0, 30);
$a->lockShared("$n:s", 0, 30);
$b->lockShared("$n:s", 0, 30);
$pa = $sa->acquire($n, 5, 0, 30);
$pb = $sb->acquire($n, 5, 0, 30);
$by = $sa->inspect($n)['held_by'];
sort($by);
$s = $c->inspect("$n:s")['held_by'];
sort($s);
echo json_encode([$c->inspect("$n:a")['held_by'], $a->inspect("$n:b")['held_by'], $a->inspect("$n:c")['held_by'] === [$me], $a->inspect("$n:d")['held_by'], $s, $by === [$me, 'SA'] || $by === ['SA', $me]]), "\n";
foreach ([$a, $b, $c, $d] as $l) {
    $l->unlockAll();
}
$sa->release($n, $pa);
$sb->release($n, $pb);
?>
--EXPECT--
[["A"],["B"],true,[],["A","B"],true]
