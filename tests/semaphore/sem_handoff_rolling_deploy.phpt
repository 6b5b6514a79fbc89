--TEST--
RedisSemaphore during a rolling deploy: waiters of 0.2.0 are promised permits by this release's release, this release's waiters are served by 0.2.0's, a mixed queue in order
--DESCRIPTION--
The previous release (96b5191, built from this tree's git history) leaves no
lifetime beside its waiter's alive mark, so this release's release writes it a
promise under its token (for as long as its alive mark would last) and wakes it
with "1"; it confirms with its own lifetime. The previous release's release
promises this release's waiter its permits and wakes it with "1": the waiter
confirms them with its acquire script, which leaves none of its marks behind.
With a waiter of each queued (the previous release's first), two releases serve
them in order: the first a promise, the second a hand-over.
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
$spawn = function (string $code) use ($so): array {
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $proc = proc_open([$php, '-n', '-d', "extension=$so", rl_php_file($code)], [1 => ['pipe', 'w']], $pipes);
    return [$proc, $pipes[1]];
};
$raw = new RawRedis();
$sem = sem_new();
$name = rl_name();
$key = sem_key($name);
$P = '{' . $key . '}:w:';
$q = var_export($name, true);
$keysLeft = fn () => $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name));

/* The previous release waits; this release's release serves it. */
$mine = $sem->acquire($name, 1, 0, 30);
[$proc, $out] = $spawn('$s = new RedisSemaphore(rl_dsn()); $t = $s->acquire(' . $q . ', 1, 20, 20);
echo $t !== false ? "got $t " . $s->count(' . $q . ') . "\n" : "not\n"; echo $s->release(' . $q . ', $t) ? "released\n" : "lost\n";');
echo 'old waits: ', var_export(sem_until_queued($raw, $name, 1, 20), true), "\n";
$hex = $raw->call('ZRANGE', sem_queue_key($name), '0', '0')[0] ?? '';
echo 'no lifetime beside its mark: ', $raw->call('EXISTS', $P . 'l:' . $hex), "\n";
/* Stopped, so that it cannot confirm before the promise is looked at. */
$pid = proc_get_status($proc)['pid'];
l4_signal($pid, 'STOP');
$t0 = ho_redis_ms($raw);
var_dump($sem->release($name, $mine));
$z = sem_zset($raw, $key);
echo 'promised under its token, for its alive mark at most: ', sem_yes(isset($z["1:$hex"]) && $z["1:$hex"] <= ho_redis_ms($raw) + 2500, [$z, $t0]), "\n";
/* Woken with "1": still in its list when the stopped waiter had not yet asked for
 * it, or already handed to its BLPOP (the server serves a blocked client at the
 * push, stopped or not); what it then got is read below. */
$woken = $raw->call('LRANGE', $P . 'w:' . $hex, '0', '-1');
echo 'woken with "1", or served it: ', sem_yes($woken === ['1'] || $woken === [], $woken), "\n";
l4_signal($pid, 'CONT');
echo 'old waiter: ', str_replace("1:$hex", 'that token', (string) l4_read_line($out, l4_bound(20))), ', ', l4_read_line($out, l4_bound(10)), "\n";
proc_close($proc);
echo 'held ', $sem->count($name), ', keys left ', $keysLeft(), "\n";

/* This release waits; the previous release's release serves it. */
[$proc, $out] = $spawn('$s = new RedisSemaphore(rl_dsn()); $t = $s->acquire(' . $q . ', 1, 0, 30); echo "$t\n";
$until = microtime(true) + 20; while (($s->inspect(' . $q . ')["waiters"] ?? 0) < 1 && microtime(true) < $until) usleep(10000);
echo $s->release(' . $q . ', $t) ? "released\n" : "lost\n";');
$oldToken = (string) l4_read_line($out, l4_bound(20));
$t0 = ho_redis_ms($raw);
$t = $sem->acquire($name, 1, l4_bound(20), 20);
$t1 = ho_redis_ms($raw);
echo 'new waiter served: ', sem_yes(is_string($t) && $t !== $oldToken, [$t, $oldToken]), ', ', l4_read_line($out, l4_bound(10)), "\n";
proc_close($proc);
$hex = substr((string) $t, 2);
$z = sem_zset($raw, $key);
echo 'confirmed with its own 20 s: ', sem_yes(array_keys($z) === [$t] && $z[$t] >= $t0 + 19000 && $z[$t] <= $t1 + 20000, [$z, $t0, $t1]), "\n";
echo 'its marks gone: ', $raw->call('EXISTS', $P . 'a:' . $hex, $P . 'l:' . $hex, $P . 'w:' . $hex), "\n";
var_dump($sem->release($name, $t));
echo 'held ', $sem->count($name), ', keys left ', $keysLeft(), "\n";

/* Both queued, the previous release's first; this release releases twice. */
$a = $sem->acquire($name, 2, 0, 30);
$b = $sem->acquire($name, 2, 0, 30);
[$proc, $out] = $spawn('$s = new RedisSemaphore(rl_dsn()); $t = $s->acquire(' . $q . ', 2, 20, 20);
echo $t !== false ? "got\n" : "not\n"; $r = new RawRedis(); $until = microtime(true) + 20;
while ($r->call("LLEN", ' . var_export("$name:go", true) . ') < 1 && microtime(true) < $until) usleep(10000);
echo $s->release(' . $q . ', $t) ? "released\n" : "lost\n";');
var_dump(sem_until_queued($raw, $name, 1, 20));
$report = "$name:report";
$child = l4_fork(function () use ($name, $report) {
    $raw = new RawRedis();
    $s = sem_new();
    $t = $s->acquire($name, 2, l4_bound(20), 20);
    $raw->call('RPUSH', $report, $t === false ? 'not' : 'got');
    l4_until(fn () => $raw->call('LLEN', "$name:go") > 0, l4_bound(20));
    return $t !== false && $s->release($name, $t) ? 0 : 11;
});
var_dump(sem_until_queued($raw, $name, 2, 20));
$queue = $raw->call('ZRANGE', sem_queue_key($name), '0', '-1');
echo 'lifetimes beside the marks (old, new): ', $raw->call('EXISTS', $P . 'l:' . $queue[0]), ' ', $raw->call('EXISTS', $P . 'l:' . $queue[1]), "\n";
$sem->release($name, $a);
echo 'old waiter first: ', l4_read_line($out, l4_bound(20)), ', new still queued: ', sem_queued($raw, $name), "\n";
$sem->release($name, $b);
$z = sem_zset($raw, $key);
echo 'new one handed its permit: ', sem_yes(isset($z['1:' . $queue[1]]) && $z['1:' . $queue[1]] >= ho_redis_ms($raw) + 15000, $z), "\n";
echo 'new waiter: ', $raw->call('BLPOP', $report, '5')[1] ?? 'no report', ', held ', $sem->count($name), "\n";
$raw->call('RPUSH', "$name:go", '1');
echo 'old: ', l4_read_line($out, l4_bound(10)), ', new exit ', implode(',', l4_wait([$child], l4_bound(10))), "\n";
proc_close($proc);
echo 'held ', $sem->count($name), ', keys left ', $keysLeft(), "\n";
$raw->call('DEL', $report, "$name:go");
?>
--EXPECT--
old waits: true
no lifetime beside its mark: 0
bool(true)
promised under its token, for its alive mark at most: yes
woken with "1", or served it: yes
old waiter: got that token 1, released
held 0, keys left 0
new waiter served: yes, released
confirmed with its own 20 s: yes
its marks gone: 0
bool(true)
held 0, keys left 0
bool(true)
bool(true)
lifetimes beside the marks (old, new): 0 1
old waiter first: got, new still queued: 1
new one handed its permit: yes
new waiter: got, held 2
old: released, new exit 0
held 0, keys left 0
