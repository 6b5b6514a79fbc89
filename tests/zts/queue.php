<?php
/* The queue from many threads: each request enqueues tasks of its own, then
 * reserves and acknowledges as many tasks as it enqueued, whoever's they are.
 * Every task must be delivered exactly once (a delivery creates a file with
 * fopen(..., 'x'), which fails for a second delivery), and the queue must end
 * empty. */
require __DIR__ . '/common.inc';

$dir = zts_dir('queue');
$per_request = 5;

switch ($phase) {
    case 'setup':
        (new RedisQueue(zts_conn()))->clear('tasks');
        break;

    case 'run':
        $queue = new RedisQueue(zts_conn());
        $ids = [];
        for ($i = 0; $i < $per_request; $i++) {
            $ids[] = "t$thread-r$request-$i";
        }
        if (!$queue->enqueue('tasks', $ids)) {
            zts_fail("thread $thread: enqueue() returned false");
        }
        for ($i = 0; $i < $per_request; $i++) {
            $task = $queue->reserve('tasks', visibility: 60, wait: 5);
            if ($task === false) {
                zts_fail("thread $thread: reserve() found no task");
                continue;
            }
            $f = @fopen("$dir/" . $task['id'], 'x');
            if ($f === false) {
                zts_fail("thread $thread: task {$task['id']} delivered twice");
            } else {
                fclose($f);
            }
            if (!$queue->ack('tasks', $task['id'], $task['receipt'])) {
                zts_fail("thread $thread: ack() of {$task['id']} returned false");
            }
        }
        break;

    case 'check':
        $queue = new RedisQueue(zts_conn());
        $expected = $threads * $requests * $per_request;
        $delivered = count(glob("$dir/t*") ?: []);
        $size = $queue->size('tasks');
        if ($delivered !== $expected) {
            zts_fail("queue: $delivered of $expected tasks delivered");
        } elseif (array_sum($size) !== 0) {
            zts_fail('queue: not empty at the end: ' . json_encode($size));
        } else {
            echo "PASS queue: $delivered tasks, each delivered once\n";
        }
        break;
}
