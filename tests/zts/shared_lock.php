<?php
/* Shared locks from many threads: readers (lockShared()) and writers (lock()) on
 * one name. While a reader is in, a marker file of its own exists; a writer makes
 * one too and bumps a counter non-atomically. A writer must never see any other
 * marker, a reader never a writer's; readers must overlap at least once (the lock
 * is shared), and the counter must count every writer. */
require __DIR__ . '/common.inc';

$dir = zts_dir('shared_lock');
$per_request = 4;

switch ($phase) {
    case 'setup':
        file_put_contents("$dir/count", '0');
        file_put_contents("$dir/overlap", '');
        break;

    case 'run':
        $lock = new RedisLock(zts_conn());
        for ($i = 0; $i < $per_request; $i++) {
            $writer = ($thread + $request + $i) % 4 === 0;
            $marker = sprintf('%s/%s-%d-%d-%d', $dir, $writer ? 'w' : 'r', $thread, $request, $i);
            if ($writer) {
                if (!$lock->lock('shared', timeout: 30, expire: 30)) {
                    zts_fail("thread $thread: lock() timed out");
                    continue;
                }
                if (($others = zts_count($dir, 'r-') + zts_count($dir, 'w-')) !== 0) {
                    zts_fail("thread $thread: a writer got in with $others other holders");
                }
                touch($marker);
                $n = (int) file_get_contents("$dir/count");
                usleep(300);
                file_put_contents("$dir/count", (string) ($n + 1));
                unlink($marker);
            } else {
                if (!$lock->lockShared('shared', timeout: 30, expire: 30)) {
                    zts_fail("thread $thread: lockShared() timed out");
                    continue;
                }
                if (zts_count($dir, 'w-') !== 0) {
                    zts_fail("thread $thread: a reader got in beside a writer");
                }
                touch($marker);
                $readers = zts_count($dir, 'r-');
                file_put_contents("$dir/overlap", "$readers\n", FILE_APPEND | LOCK_EX);
                usleep(2000);
                unlink($marker);
            }
            if (!$lock->unlock('shared')) {
                zts_fail("thread $thread: unlock() returned false");
            }
        }
        break;

    case 'check':
        $writers = 0;
        for ($t = 0; $t < $threads; $t++) {
            for ($r = 0; $r < $requests; $r++) {
                for ($i = 0; $i < $per_request; $i++) {
                    $writers += ($t + $r + $i) % 4 === 0;
                }
            }
        }
        $n = (int) file_get_contents("$dir/count");
        $overlap = max(array_map('intval', file("$dir/overlap", FILE_IGNORE_NEW_LINES) ?: [0]));
        if ($n !== $writers) {
            zts_fail("shared_lock: the writers' counter is $n, expected $writers");
        } elseif ($overlap < 2) {
            zts_fail("shared_lock: readers never held the lock together");
        } else {
            $reads = $threads * $requests * $per_request - $writers;
            echo "PASS shared_lock: $writers writes alone, $reads reads, up to $overlap readers at once\n";
        }
        break;
}
