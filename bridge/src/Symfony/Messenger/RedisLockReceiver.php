<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Exception\MessageDecodingFailedException;

/**
 * The receiving side of a queue's live tasks: get() reserves one task for the
 * visibility, waiting on the server up to `wait` seconds for one to come due (no
 * polling); all() and find() read the tasks due now, next first;
 * getMessageCount() counts the due and the delayed ones. A task whose payload
 * cannot be decoded goes to the dead letters as it is, and get() throws
 * MessageDecodingFailedException: it never comes back.
 *
 * @internal  made by RedisLockTransport
 */
final class RedisLockReceiver extends QueueReceiver
{
    public function get(): iterable
    {
        $c = $this->connection;
        $task = $c->call(fn () => $c->queue->reserve($c->name, 1, $c->visibility, $c->wait));
        if ($task === false) {
            return [];
        }
        try {
            return [$c->decode($task, $task['receipt'], $task['attempts'])];
        } catch (MessageDecodingFailedException $e) {
            // Kept, payload and all, where an operator sees it, and never delivered again.
            $c->call(fn () => $c->queue->fail($c->name, $task['id'], $task['receipt']));
            throw $e;
        }
    }

    public function getMessageCount(): int
    {
        $c = $this->connection;
        $size = $c->call(fn () => $c->queue->size($c->name));

        return $size['due'] + $size['delayed'];
    }

    protected function entries(int $limit): array
    {
        $c = $this->connection;
        $tasks = $c->call(fn () => $c->queue->top($c->name, $limit));
        if ($tasks === false) {
            return [];
        }

        return $limit === 1 ? [$tasks] : $tasks;
    }

    /** A live task is kept by its reservation only. */
    protected function keepUnreserved(RedisLockReceivedStamp $stamp): bool
    {
        return false;
    }
}
