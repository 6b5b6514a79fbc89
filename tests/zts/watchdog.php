<?php
/* The watchdog from many threads at once: every request holds a lock and a
 * semaphore permit with a lease of 0.3 s for a second (more than three leases),
 * from objects of its own thread; all of them must be renewed all along (still
 * held, another object cannot take the lock, the TTL stays within the lease) and
 * released at the end. */
require __DIR__ . '/common.inc';

$lease = 0.3;

if ($phase === 'run') {
    $lock = new RedisLock(zts_conn(['watchdog' => ['lease' => $lease, 'max_hold' => 60]]));
    $sem = new RedisSemaphore(zts_conn(['watchdog' => ['lease' => $lease, 'max_hold' => 60]]));
    $other = new RedisLock(zts_conn());
    $name = "wd-$thread";
    if (!$lock->lock($name, timeout: 5, expire: 1)) {
        zts_fail("thread $thread: lock() failed");
        return;
    }
    $token = $sem->acquire('wd-sem', $threads, timeout: 5, expire: 1);
    if ($token === false) {
        zts_fail("thread $thread: acquire() failed");
    }
    for ($i = 0; $i < 5; $i++) {
        usleep(200000);
        $ttl = $lock->ttl($name);
        if (!$lock->isLocking($name) || $ttl === null || $ttl > $lease) {
            zts_fail(sprintf('thread %d: after %.1f s the lock is %s', $thread, ($i + 1) * 0.2,
                $ttl === null ? 'gone' : "held for $ttl s more"));
        }
        if ($other->lock($name)) {
            zts_fail("thread $thread: another object took a renewed lock");
            $other->unlock($name);
        }
        if ($token !== false && !$sem->holds('wd-sem', $token)) {
            zts_fail(sprintf('thread %d: after %.1f s the permit is gone', $thread, ($i + 1) * 0.2));
        }
    }
    if (!$lock->unlock($name)) {
        zts_fail("thread $thread: unlock() returned false");
    }
    if ($token !== false && !$sem->release('wd-sem', $token)) {
        zts_fail("thread $thread: release() returned false");
    }
} elseif ($phase === 'check') {
    $sem = new RedisSemaphore(zts_conn());
    $other = new RedisLock(zts_conn());
    for ($t = 0; $t < $threads; $t++) {
        if ($other->isLocked("wd-$t")) {
            zts_fail("watchdog: wd-$t still held after unlock()");
        }
    }
    if ($sem->count('wd-sem') !== 0) {
        zts_fail('watchdog: permits still held after release()');
    }
    echo "PASS watchdog: {$threads} threads x {$requests} requests held a lock and a permit for 1 s on a lease of $lease s\n";
}
