<?php
/* A semaphore from many threads: never more than its limit of holders at once
 * (each holder keeps a marker file while it holds a permit), every permit given
 * back, and the limit actually reached. */
require __DIR__ . '/common.inc';

$dir = zts_dir('semaphore');
$limit = 3;
$per_request = 4;

switch ($phase) {
    case 'setup':
        file_put_contents("$dir/holders", '');
        break;

    case 'run':
        $sem = new RedisSemaphore(zts_conn());
        for ($i = 0; $i < $per_request; $i++) {
            $token = $sem->acquire('gate', $limit, timeout: 30, expire: 30);
            if ($token === false) {
                zts_fail("thread $thread: acquire() timed out");
                continue;
            }
            $marker = "$dir/s-$thread-$request-$i";
            touch($marker);
            $holders = zts_count($dir, 's-');
            if ($holders > $limit) {
                zts_fail("thread $thread: $holders holders of a semaphore with a limit of $limit");
            }
            file_put_contents("$dir/holders", "$holders\n", FILE_APPEND | LOCK_EX);
            usleep(1000);
            unlink($marker);
            if (!$sem->release('gate', $token)) {
                zts_fail("thread $thread: release() returned false");
            }
        }
        break;

    case 'check':
        $sem = new RedisSemaphore(zts_conn());
        $most = max(array_map('intval', file("$dir/holders", FILE_IGNORE_NEW_LINES) ?: [0]));
        $acquisitions = count(file("$dir/holders", FILE_IGNORE_NEW_LINES) ?: []);
        $expected = $threads * $requests * $per_request;
        if ($sem->count('gate') !== 0) {
            zts_fail('semaphore: permits still held after every release: ' . $sem->count('gate'));
        } elseif ($acquisitions !== $expected) {
            zts_fail("semaphore: $acquisitions acquisitions, expected $expected");
        } elseif ($threads > 1 && $most < 2) {
            zts_fail('semaphore: never two holders at once');
        } else {
            echo "PASS semaphore: $acquisitions acquisitions, at most $most holders at once (limit $limit)\n";
        }
        break;
}
