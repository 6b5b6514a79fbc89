<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\LogicException;
use Symfony\Component\Messenger\Exception\MessageDecodingFailedException;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\DelayStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\Receiver\ListableReceiverInterface;
use Symfony\Component\Messenger\Transport\Receiver\MessageCountAwareInterface;
use Symfony\Component\Messenger\Transport\Serialization\PhpSerializer;
use Symfony\Component\Messenger\Transport\Serialization\SerializerInterface;
use Symfony\Component\Messenger\Transport\TransportInterface;

/**
 * A symfony/messenger transport on one queue of the redislock extension's RedisQueue.
 *
 *     $transport = (new RedisLockTransportFactory())->createTransport(
 *         'redislock://127.0.0.1:6379/mail?visibility=30', [], new PhpSerializer());
 *
 * Every message is one task of the queue, its serialized envelope the task's
 * payload, its id a random 128-bit hex string (the TransportMessageIdStamp):
 * - send() enqueues it, due after the envelope's DelayStamp, by the Redis server's
 *   clock, in one round trip;
 * - get() reserves one task for `visibility` seconds, waiting on the server up to
 *   `wait` seconds for one to come due (no polling). The connection has the
 *   extension's watchdog on (unless the DSN says `watchdog=0`): the reservation is
 *   renewed every visibility / 3 while the handler runs, so a handler that runs
 *   longer than the visibility is never handed to a second worker, and the message
 *   of a worker that died comes back after one visibility;
 * - ack() finishes the reservation with its receipt, reject() removes it; both act
 *   on that reservation only (after it was lost, the message belongs to whoever
 *   reserved it next, and neither touches it);
 * - a message whose payload cannot be decoded goes to the queue's dead letters as
 *   it is, and get() throws MessageDecodingFailedException: it never comes back.
 *
 * Retries are Messenger's: its retry listener sends the envelope again with a
 * DelayStamp (a new task) and the worker rejects the original.
 *
 * In dead-letter mode (`dead=1`), the same queue's dead letters are the transport:
 * use it as the failure transport. send() moves the message there: the failed
 * reservation itself when the envelope comes from this queue (one round trip,
 * atomic: the dead letter carries the envelope with its error details), else a new
 * task. get(), all() and find() read the dead letters (oldest first), ack() and
 * reject() remove one, getMessageCount() counts them. Tasks that went to the dead
 * letters by themselves (the `max_attempts` option: a message that killed its
 * worker that many times) are listed there too. RedisQueue::retryDead() puts dead
 * letters back in the queue, payloads and all.
 */
final class RedisLockTransport implements TransportInterface, MessageCountAwareInterface, ListableReceiverInterface
{
    /** The longest delay the extension accepts, in seconds (about 31 years). */
    private const MAX_DELAY = 1e9;

    private \RedisQueue $queue;
    private string $name;
    private SerializerInterface $serializer;
    private float $visibility;
    private float $wait;
    private bool $deadLetters;
    private int $listLimit;

    /**
     * @param \RedisQueue $queue       the connection (give it the watchdog option: see the class comment)
     * @param string      $name        the queue's name
     * @param float       $visibility  seconds a reservation lasts (renewed by the watchdog while the handler runs)
     * @param float       $wait        seconds get() waits on the server for a message; 0: not at all
     * @param bool        $deadLetters dead-letter mode: the transport is the queue's dead letters
     * @param int         $listLimit   how many dead letters find() looks through, and all() lists without a limit
     */
    public function __construct(
        \RedisQueue $queue,
        string $name,
        ?SerializerInterface $serializer = null,
        float $visibility = 30.0,
        float $wait = 1.0,
        bool $deadLetters = false,
        int $listLimit = 1000,
    ) {
        if ($name === '') {
            throw new \InvalidArgumentException('The queue name must not be empty.');
        }
        if (!($visibility > 0) || $visibility > self::MAX_DELAY) {
            throw new \InvalidArgumentException(sprintf('The visibility must be between 0 (excluded) and 1e9 seconds, %s given.', $visibility));
        }
        if (!($wait >= 0) || $wait > self::MAX_DELAY) {
            throw new \InvalidArgumentException(sprintf('The wait must be between 0 and 1e9 seconds, %s given.', $wait));
        }
        if ($listLimit < 1) {
            throw new \InvalidArgumentException(sprintf('The list limit must be at least 1, %d given.', $listLimit));
        }
        $this->queue = $queue;
        $this->name = $name;
        $this->serializer = $serializer ?? new PhpSerializer();
        $this->visibility = $visibility;
        $this->wait = $wait;
        $this->deadLetters = $deadLetters;
        $this->listLimit = $listLimit;
    }

    public function getQueueName(): string
    {
        return $this->name;
    }

    public function isDeadLetters(): bool
    {
        return $this->deadLetters;
    }

    public function send(Envelope $envelope): Envelope
    {
        $payload = $this->pack($envelope);
        try {
            if ($this->deadLetters) {
                return $envelope->with(new TransportMessageIdStamp($this->bury($envelope, $payload)));
            }
            $delay = 0.0;
            $stamp = $envelope->last(DelayStamp::class);
            if ($stamp instanceof DelayStamp) {
                $delay = min(max($stamp->getDelay() / 1000, 0.0), self::MAX_DELAY);
            }
            $id = self::newId();
            if (!$this->queue->enqueue($this->name, $id, afterInterval: $delay, payload: $payload)) {
                throw new TransportException(sprintf('Could not enqueue message "%s" in queue "%s".', $id, $this->name));
            }
        } catch (\RedisLockException | \ValueError $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }

        return $envelope->with(new TransportMessageIdStamp($id));
    }

    public function get(): iterable
    {
        if ($this->deadLetters) {
            $letters = $this->call(fn () => $this->queue->dead($this->name, 1));
            if (!$letters) {
                return [];
            }
            return [$this->decode($letters[0], null, 0)];
        }

        $task = $this->call(fn () => $this->queue->reserve($this->name, 1, $this->visibility, $this->wait));
        if ($task === false) {
            return [];
        }
        try {
            return [$this->decode($task, $task['receipt'], $task['attempts'])];
        } catch (MessageDecodingFailedException $e) {
            // Kept, payload and all, where an operator sees it, and never delivered again.
            $this->call(fn () => $this->queue->fail($this->name, $task['id'], $task['receipt']));
            throw $e;
        }
    }

    public function ack(Envelope $envelope): void
    {
        $this->finish($envelope);
    }

    public function reject(Envelope $envelope): void
    {
        $this->finish($envelope);
    }

    public function getMessageCount(): int
    {
        $size = $this->call(fn () => $this->queue->size($this->name));

        return $this->deadLetters ? $size['dead'] : $size['due'] + $size['delayed'];
    }

    /**
     * The dead letters, oldest first (dead-letter mode), or the messages due now, next
     * first; up to $limit of them (the list limit by default). An entry whose payload
     * is not an envelope is left out.
     */
    public function all(?int $limit = null): iterable
    {
        $limit = max(1, $limit ?? $this->listLimit);
        foreach ($this->entries($limit) as $entry) {
            try {
                yield $this->decode($entry, null, 0);
            } catch (MessageDecodingFailedException) {
                continue;
            }
        }
    }

    /** A dead letter (dead-letter mode), or a message due now, by id; null if none among the first list-limit ones. */
    public function find(mixed $id): ?Envelope
    {
        $id = (string) $id;
        foreach ($this->entries($this->listLimit) as $entry) {
            if ($entry['id'] === $id) {
                return $this->decode($entry, null, 0);
            }
        }

        return null;
    }

    /** @return list<array> */
    private function entries(int $limit): array
    {
        if ($this->deadLetters) {
            return $this->call(fn () => $this->queue->dead($this->name, $limit));
        }
        $tasks = $this->call(fn () => $this->queue->top($this->name, $limit));
        if ($tasks === false) {
            return [];
        }

        return $limit === 1 ? [$tasks] : $tasks;
    }

    /** Moves the envelope to the dead letters; returns the dead letter's id. */
    private function bury(Envelope $envelope, string $payload): string
    {
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        if ($stamp instanceof RedisLockReceivedStamp && $stamp->getQueue() === $this->name) {
            if ($stamp->getReceipt() === null) {
                // A dead letter of this queue that failed again: it stays, with its new details.
                $this->queue->remove($this->name, $stamp->getId());
            } elseif ($this->queue->fail($this->name, $stamp->getId(), $stamp->getReceipt(), $payload)) {
                // The failed reservation itself goes to the dead letters, with the new envelope.
                return $stamp->getId();
            }
        }
        // A new task, parked far in the future so that no worker reserves it, then dead.
        $id = self::newId();
        if (
            !$this->queue->enqueue($this->name, $id, afterInterval: self::MAX_DELAY, payload: $payload)
            || !$this->queue->fail($this->name, $id)
        ) {
            throw new TransportException(sprintf('Could not add message "%s" to the dead letters of queue "%s".', $id, $this->name));
        }

        return $id;
    }

    private function finish(Envelope $envelope): void
    {
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        if (!$stamp instanceof RedisLockReceivedStamp) {
            throw new LogicException('No RedisLockReceivedStamp found on the Envelope.');
        }
        $this->call(function () use ($stamp) {
            if ($stamp->getReceipt() === null) {
                return $this->queue->remove($stamp->getQueue(), $stamp->getId());
            }
            // False when the reservation was lost (it expired and someone else reserved the
            // message): that run is not ours to finish.
            return $this->queue->ack($stamp->getQueue(), $stamp->getId(), $stamp->getReceipt());
        });
    }

    private function decode(array $task, ?string $receipt, int $attempts): Envelope
    {
        $id = $task['id'];
        $payload = $task['payload'] ?? null;
        $encoded = is_string($payload) ? @unserialize($payload, ['allowed_classes' => false]) : null;
        if (!is_array($encoded) || !is_string($encoded['body'] ?? null) || !is_array($encoded['headers'] ?? null)) {
            throw new MessageDecodingFailedException(sprintf('Task "%s" of queue "%s" carries no message envelope.', $id, $this->name));
        }
        $envelope = $this->serializer->decode($encoded);

        return $envelope->with(new RedisLockReceivedStamp($this->name, $id, $receipt, $attempts), new TransportMessageIdStamp($id));
    }

    private function pack(Envelope $envelope): string
    {
        $encoded = $this->serializer->encode($envelope);

        return serialize(['body' => (string) $encoded['body'], 'headers' => (array) ($encoded['headers'] ?? [])]);
    }

    /**
     * @template T
     * @param callable(): T $fn
     * @return T
     */
    private function call(callable $fn): mixed
    {
        try {
            return $fn();
        } catch (\RedisLockException $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }
    }

    private static function newId(): string
    {
        return bin2hex(random_bytes(16));
    }
}
