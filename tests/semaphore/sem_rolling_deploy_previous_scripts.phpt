--TEST--
RedisSemaphore: during a rolling deploy, the previous release's own scripts and this release's share a semaphore: permits counted exactly on both sides, waiters of each served by the other
--DESCRIPTION--
On a server of the test's own, the previous release's acquire and release
scripts (run as that release sends them) and this release's RedisSemaphore take
and give back permits of one name of limit 5. Each side counts the other's
holders: neither admits past the limit, and count() is exact at every step. A
waiter of the previous release is promised its permits by a release of that
release and confirms them; a waiter of this release (another process, blocked
in acquire()) is promised its permits by a release of the previous release and
gets them. Once all are given back, no key is left.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/sem_previous_release.inc';
$server = new FaultServer();
$raw = $server->raw();
$opts = $server->options();
$sem = new RedisSemaphore($opts);
$name = rl_name();
$key = sem_key($name);
/* The previous release: acquire (mode '0' once, '1' queue up) and release of a token. */
$oldAcquire = fn (string $id, int $permits, string $mode = '0') =>
    $raw->call('EVAL', SEM_PREVIOUS_ACQUIRE, '1', $key, $id, (string) $permits, '5', '30000', $mode, '2500', '');
$oldRelease = fn (string $token) => $raw->call('EVAL', SEM_PREVIOUS_RELEASE, '1', $key, $token, '', '');
$a = $oldAcquire(str_repeat('a1', 16), 2);
echo 'old takes 2: ', var_export($a, true), "\n";
$n = $sem->acquire($name, 5, 0, 30, 2);
echo 'new takes 2: ', is_string($n) ? 'yes' : 'no', ', held ', $sem->count($name), "\n";
echo 'old refused 2: ', is_int($oldAcquire(str_repeat('a2', 16), 2)) ? 'yes' : 'no', "\n";
echo 'new refused 2: ', $sem->acquire($name, 5, 0, 30, 2) === false ? 'yes' : 'no', "\n";
$b = $oldAcquire(str_repeat('a3', 16), 1);
echo 'old takes 1: ', var_export($b, true), ', held ', $sem->count($name), "\n";
/* A waiter of the previous release, for 2. */
$w = str_repeat('b1', 16);
echo 'old waiter queued: ', is_int($oldAcquire($w, 2, '1')) ? 'yes' : 'no', "\n";
echo 'new refused 1 behind it: ', $sem->acquire($name, 5, 0, 30, 1) === false ? 'yes' : 'no', "\n";
echo 'old gives back 2: ', $oldRelease($a), ', held ', $sem->count($name), "\n";
echo 'old waiter confirms: ', var_export($oldAcquire($w, 2, '1'), true), ', held ', $sem->count($name), "\n";
var_dump($sem->release($name, $n));
echo 'held ', $sem->count($name), "\n";
/* A waiter of this release, for 3, in another process. */
$child = l4_fork(function () use ($opts, $name) {
    $s = new RedisSemaphore($opts);
    $t = $s->acquire($name, 5, l4_bound(20), 30, 3);
    return is_string($t) && $s->count($name) === 5 && $s->release($name, $t) ? 0 : 5;
});
var_dump(sem_until_queued($raw, $name, 1, l4_bound(20)));
echo 'old refused 1 behind it: ', is_int($oldAcquire(str_repeat('a4', 16), 1)) ? 'yes' : 'no', "\n";
echo 'old gives back 1: ', $oldRelease($b), "\n";
echo 'the new waiter got its 3 and gave them back: ', implode(',', l4_wait([$child], l4_bound(30))), "\n";
echo 'held ', $sem->count($name), "\n";
echo 'old gives back 2: ', $oldRelease("2:$w"), ', held ', $sem->count($name), "\n";
echo 'keys left: ', $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name)), "\n";
?>
--EXPECT--
old takes 2: '2:a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1'
new takes 2: yes, held 4
old refused 2: yes
new refused 2: yes
old takes 1: '1:a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3', held 5
old waiter queued: yes
new refused 1 behind it: yes
old gives back 2: 1, held 5
old waiter confirms: '2:b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1', held 5
bool(true)
held 3
bool(true)
old refused 1 behind it: yes
old gives back 1: 1
the new waiter got its 3 and gave them back: 0
held 2
old gives back 2: 1, held 0
keys left: 0
