<?php
/* Persistent connections from many threads (on a server of this script's own):
 * every thread keeps one connection for all of its requests, shared by its
 * objects with the same settings, and never uses another thread's. After the
 * run, while the threads still live, the server has exactly one client per
 * thread and was connected to only that often. */
require __DIR__ . '/common.inc';

$port = (int) zts_env('REDISLOCK_ZTS_PERSISTENT_PORT');
$dir = zts_dir('persistent');
$options = ['persistent' => true];

switch ($phase) {
    case 'setup':
        file_put_contents("$dir/connections", zts_info($port, 'stats', 'total_connections_received'));
        break;

    case 'run':
        $a = new RedisLock(zts_conn($options, 'REDISLOCK_ZTS_PERSISTENT_PORT'));
        $b = new RedisLock(zts_conn($options, 'REDISLOCK_ZTS_PERSISTENT_PORT'));
        $sem = new RedisSemaphore(zts_conn($options, 'REDISLOCK_ZTS_PERSISTENT_PORT'));
        for ($i = 0; $i < 5; $i++) {
            $name = "p-$thread-$i";
            if (!$a->lock($name, 0, 10) || $b->lock($name, 0, 10) || !$a->isLocking($name) || $b->isLocking($name)) {
                zts_fail("thread $thread: two objects on one persistent connection disagree about $name");
            }
            $token = $sem->acquire("p-$thread", 1, 0, 10);
            if ($token === false || !$sem->holds("p-$thread", $token) || !$sem->release("p-$thread", $token)) {
                zts_fail("thread $thread: semaphore on the persistent connection");
            }
            if (!$a->unlock($name) || !$b->lock($name, 0, 10) || !$b->unlock($name)) {
                zts_fail("thread $thread: unlock or relock of $name");
            }
        }
        break;

    case 'check':
        $before = (int) file_get_contents("$dir/connections");
        $clients = count(array_filter(explode("\n", (string) zts_redis($port, 'CLIENT', 'LIST')))) - 1;
        $made = (int) zts_info($port, 'stats', 'total_connections_received') - $before - 1;
        if ($clients !== $threads) {
            zts_fail("persistent: $clients connections open for $threads threads");
        } elseif ($made !== $threads) {
            zts_fail("persistent: $made connections made for $threads threads x $requests requests");
        } else {
            echo "PASS persistent: $threads threads x $requests requests used $made connections, one per thread\n";
        }
        break;
}
