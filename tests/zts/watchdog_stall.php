<?php
/* One stalled server must not cost the holds on another their renewals. Thread 0
 * holds a lock on a second server (read_timeout 1 s, lease 3 s) and pauses that
 * server for 3 s (CLIENT PAUSE), so every renewal sent there hangs until its read
 * timeout. Meanwhile the other threads hold locks on the healthy server with a
 * lease of 0.4 s for 2 s: they must stay held all along. */
require __DIR__ . '/common.inc';

$stall_port = (int) zts_env('REDISLOCK_ZTS_STALL_PORT');

if ($phase === 'run' && $thread === 0) {
    $b = new RedisLock(zts_conn(['read_timeout' => 1, 'connect_timeout' => 1, 'watchdog' => ['lease' => 3]],
        'REDISLOCK_ZTS_STALL_PORT'));
    if (!$b->lock('stalled', timeout: 5)) {
        zts_fail('thread 0: lock() on the second server failed');
        return;
    }
    $paused = zts_redis($stall_port, 'CLIENT', 'PAUSE', '3000', 'ALL');
    if ($paused !== 'OK') {
        zts_fail('CLIENT PAUSE answered ' . var_export($paused, true));
    }
    usleep(3300000);
    try {
        $b->unlock('stalled');
    } catch (RedisLockException $e) {
        // Whether this hold survived the stall is not what is tested here.
    }
} elseif ($phase === 'run') {
    usleep(200000);   // the second server is paused by now
    $a = new RedisLock(zts_conn(['watchdog' => ['lease' => 0.4]]));
    $name = "healthy-$thread";
    if (!$a->lock($name, timeout: 5)) {
        zts_fail("thread $thread: lock() failed");
        return;
    }
    $start = microtime(true);
    for ($i = 0; $i < 10; $i++) {
        usleep(200000);
        if (!$a->isLocking($name)) {
            zts_fail(sprintf('thread %d: the lock lapsed within %.1f s while another server stalled', $thread,
                microtime(true) - $start));
            return;
        }
    }
    if (!$a->unlock($name)) {
        zts_fail("thread $thread: unlock() returned false");
    }
} elseif ($phase === 'check') {
    if (zts_redis($stall_port, 'PING') !== 'PONG') {
        zts_fail('the second server did not come back');
    }
    $held = $threads - 1;
    echo "PASS watchdog_stall: $held locks with a lease of 0.4 s stayed held for 2 s while another server stalled for 3 s\n";
}
