<?php
/* Mutual exclusion from many threads: a counter in a file, read and written back
 * non-atomically (a pause between the read and the write) inside lock()/unlock().
 * Every increment must survive. With REDISLOCK_ZTS_UNLOCKED=1 the same increments
 * run without the lock, and the check demands that updates were lost: the
 * negative control that shows this test can tell a working lock from none. */
require __DIR__ . '/common.inc';

$per_request = 5;
$unlocked = zts_env('REDISLOCK_ZTS_UNLOCKED') === '1';
$file = zts_dir('lock_counter' . ($unlocked ? '_unlocked' : '')) . '/count';

switch ($phase) {
    case 'setup':
        file_put_contents($file, '0');
        break;

    case 'run':
        $lock = new RedisLock(zts_conn());
        for ($i = 0; $i < $per_request; $i++) {
            if (!$unlocked && !$lock->lock('counter', timeout: 30, expire: 30)) {
                zts_fail("thread $thread: lock() timed out");
                continue;
            }
            $n = (int) file_get_contents($file);
            usleep(200);
            file_put_contents($file, (string) ($n + 1));
            if (!$unlocked && !$lock->unlock('counter')) {
                zts_fail("thread $thread: unlock() returned false");
            }
        }
        break;

    case 'check':
        $expected = $threads * $requests * $per_request;
        $n = (int) file_get_contents($file);
        if ($unlocked) {
            if ($n < $expected) {
                echo "PASS negative control: without the lock $n of $expected increments survived (lost updates detected)\n";
            } else {
                zts_fail("negative control: without the lock all $n of $expected increments survived; the test cannot tell a lock from none");
            }
        } elseif ($n === $expected) {
            echo "PASS lock_counter: $n of $expected increments, none lost\n";
        } else {
            zts_fail("lock_counter: $n of $expected increments survived");
        }
        break;
}
