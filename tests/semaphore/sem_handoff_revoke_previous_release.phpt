--TEST--
RedisSemaphore during a rolling deploy: a hand-over record waiting to be revoked is invisible to 0.2.0 (names(), count(), inspect() see a plain acquisition) and only this release revokes it
--DESCRIPTION--
Under a prefix with a hash tag (the shape where a key of an unknown kind could
pass for a name), limit 2, both held. A waiter of this release asks for 2 and is
killed while it blocks; the release hands it the acquisition and records the
hand-over beside the semaphore, which the test then makes due. The previous
release (96b5191) lists the name once and nothing else, counts the handed
acquisition as held (count() 2, inspect() one holder of 2), refuses a caller
(acquire() false) and gives back nothing with a release of another token: it
never looks at the record, and the acquisition is still there afterwards. This
release's next acquire revokes it and takes both permits.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
$raw = new RawRedis();
$base = rl_name();
$prefix = "{{$base}S}";
$opts = rl_options(['prefix' => $prefix]);
$name = 'n';
$key = sem_key($name, $prefix);
$tag = sem_hash_tag($key);
$P = '{' . $tag . '}:w::' . $key;
$H = '{' . $tag . '}:many:' . $key;
$sem = new RedisSemaphore($opts);
$held = $sem->acquire($name, 2, 0, 30, 2);
$dead = l4_fork(function () use ($opts, $name) {
    $s = new RedisSemaphore($opts);
    $s->acquire($name, 2, l4_bound(30), 60, 2);
    return 12;
});
var_dump(sem_until_queued2($raw, sem_queue_key($name, $prefix)));
$hex = $raw->call('ZRANGE', sem_queue_key($name, $prefix), '0', '0')[0] ?? '';
l4_signal($dead, 'KILL');
echo implode(',', l4_wait([$dead], l4_bound(10))), "\n";
$sem->release($name, $held);
echo 'handed and recorded: ', sem_yes(array_keys(sem_zset($raw, $key)) === ["2:$hex"] && $raw->call('ZSCORE', $H, $hex) !== null), "\n";
$raw->call('ZADD', $H, 'XX', '0', $hex);
$r = rl_run_old_php($so, "require_once " . var_export(__DIR__ . '/../harness/redislock_test.inc', true) . ";\n"
    . '$s = new RedisSemaphore(' . var_export($opts, true) . ');
$all = []; $c = null; do { ["names" => $g, "cursor" => $c] = $s->names($c, 1000); $all = array_merge($all, $g); } while ($c !== null);
$i = $s->inspect("n");
echo json_encode([array_values(array_unique($all)), $s->count("n"), $i["held"], $i["holders"], $i["waiters"], $s->acquire("n", 2), $s->release("n", "2:00000000000000000000000000000000")]);');
echo 'previous release: ', $r['stdout'], "\n";
echo 'still handed after it, the record untouched: ', sem_yes(array_keys(sem_zset($raw, $key)) === ["2:$hex"] && $raw->call('ZSCORE', $H, $hex) === '0'), "\n";
$t = $sem->acquire($name, 2, 0, 30, 2);
echo 'this release revokes it: ', sem_yes(is_string($t) && array_keys(sem_zset($raw, $key)) === [$t], [$t, sem_zset($raw, $key)]),
    ', nothing of the waiter left: ', $raw->call('EXISTS', $H, $P . 'a:' . $hex, $P . 'l:' . $hex, $P . 'w:' . $hex), "\n";
var_dump($sem->release($name, $t));
echo 'keys left: ', $raw->call('EXISTS', $key, '{' . $tag . '}:units:' . $key, sem_queue_key($name, $prefix)), "\n";

function sem_until_queued2(RawRedis $raw, string $queue): bool
{
    return l4_until(fn () => (int) $raw->call('ZCARD', $queue) === 1, l4_bound(10));
}
?>
--EXPECT--
bool(true)
-1
handed and recorded: yes
previous release: [["n"],2,2,1,0,false,false]
still handed after it, the record untouched: yes
this release revokes it: yes, nothing of the waiter left: 0
bool(true)
keys left: 0
