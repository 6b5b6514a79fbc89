<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Transport\Receiver\ListableReceiverInterface;
use Symfony\Component\Messenger\Transport\Receiver\MessageCountAwareInterface;
use Symfony\Component\Messenger\Transport\Sender\SenderInterface;
use Symfony\Component\Messenger\Transport\Serialization\PhpSerializer;
use Symfony\Component\Messenger\Transport\Serialization\SerializerInterface;
use Symfony\Component\Messenger\Transport\SetupableTransportInterface;
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
 * `messenger:consume --keepalive` (Messenger 7.2+, where the transport is a
 * KeepaliveReceiverInterface): keepalive() extends the reservation of a message
 * being handled to one visibility from now, checked against its receipt, for a
 * connection without the watchdog (`watchdog=0`), or as a second heartbeat beside
 * it. A reservation that was lost (it expired, and the message may be another
 * worker's now) is not extended: TransportException, as is a keepalive interval
 * that is not shorter than the visibility.
 *
 * Retries are Messenger's: its retry listener sends the envelope again with a
 * DelayStamp (a new task) and the worker rejects the original.
 *
 * In dead-letter mode (`dead=1`), the same queue's dead letters are the transport:
 * use it as the failure transport (DeadLetterReceiver says how it sends, lists,
 * hands out and removes them). Tasks that went to the dead letters by themselves
 * (the `max_attempts` option: a message that killed its worker that
 * many times) are listed there too. RedisQueue::retryDead() puts dead letters back
 * in the queue, payloads and all.
 *
 * `messenger:setup-transports` (setup()) puts the queue on the stream layout
 * (RedisQueue::migrate()), with payloads by reference; without it the queue stays
 * on the zset layout (no get() or send() moves it). Run it once every sender and
 * consumer of the queue runs this release.
 *
 * The transport only delegates (as Symfony's RedisTransport does): to a
 * RedisLockSender and a RedisLockReceiver on the queue, or in dead-letter mode to
 * one DeadLetterReceiver that is both; they share one QueueConnection.
 */
final class RedisLockTransport implements TransportInterface, MessageCountAwareInterface, ListableReceiverInterface, KeepaliveReceiver, SetupableTransportInterface
{
    private QueueConnection $connection;
    private bool $deadLetters;
    private QueueReceiver $receiver;
    private SenderInterface $sender;

    /**
     * @param \RedisQueue     $queue       the connection (give it the watchdog option: see the class comment)
     * @param string          $name        the queue's name
     * @param float           $visibility  seconds a reservation (or a claim of a dead letter) lasts, renewed by the watchdog while the handler runs
     * @param float           $wait        seconds get() waits on the server for a message; 0: not at all
     * @param bool            $deadLetters dead-letter mode: the transport is the queue's dead letters
     * @param int             $listLimit   how many dead letters find() looks through, and all() lists without a limit
     * @param \RedisLock|null $claims      dead-letter mode: the locks that claim a dead letter for one consumer (give it the
     *                                     watchdog option, and a prefix of its own); required in that mode
     */
    public function __construct(
        \RedisQueue $queue,
        string $name,
        ?SerializerInterface $serializer = null,
        float $visibility = 30.0,
        float $wait = 1.0,
        bool $deadLetters = false,
        int $listLimit = 1000,
        ?\RedisLock $claims = null,
    ) {
        if ($name === '') {
            throw new \InvalidArgumentException('The queue name must not be empty.');
        }
        if (!($visibility > 0) || $visibility > QueueConnection::MAX_DELAY) {
            throw new \InvalidArgumentException(sprintf('The visibility must be between 0 (excluded) and 1e9 seconds, %s given.', $visibility));
        }
        if (!($wait >= 0) || $wait > QueueConnection::MAX_DELAY) {
            throw new \InvalidArgumentException(sprintf('The wait must be between 0 and 1e9 seconds, %s given.', $wait));
        }
        if ($listLimit < 1) {
            throw new \InvalidArgumentException(sprintf('The list limit must be at least 1, %d given.', $listLimit));
        }
        if ($deadLetters && $claims === null) {
            throw new \InvalidArgumentException('A transport in dead-letter mode needs a \RedisLock to claim the dead letters it hands out.');
        }
        $this->connection = new QueueConnection($queue, $name, $serializer ?? new PhpSerializer(), $visibility, $wait, $listLimit);
        $this->deadLetters = $deadLetters;
        if ($deadLetters) {
            $this->receiver = $this->sender = new DeadLetterReceiver($this->connection, $claims);
        } else {
            $this->receiver = new RedisLockReceiver($this->connection);
            $this->sender = new RedisLockSender($this->connection);
        }
    }

    /**
     * Puts the queue on the stream layout (RedisQueue::migrate(), which moves the
     * tasks already due), unless the connection keeps the zset layout
     * (`queue_layout=zset`) or this is the dead-letter transport.
     *
     * @throws TransportException when Redis fails
     */
    public function setup(): void
    {
        $c = $this->connection;
        if ($this->deadLetters || $c->queue->layout() === 'zset') {
            return;
        }
        $c->call(fn (): array => $c->queue->migrate($c->name));
    }

    public function getQueueName(): string
    {
        return $this->connection->name;
    }

    public function isDeadLetters(): bool
    {
        return $this->deadLetters;
    }

    public function send(Envelope $envelope): Envelope
    {
        return $this->sender->send($envelope);
    }

    public function get(): iterable
    {
        return $this->receiver->get();
    }

    public function ack(Envelope $envelope): void
    {
        $this->receiver->ack($envelope);
    }

    public function reject(Envelope $envelope): void
    {
        $this->receiver->reject($envelope);
    }

    /** See QueueReceiver::keepalive(). */
    public function keepalive(Envelope $envelope, ?int $seconds = null): void
    {
        $this->receiver->keepalive($envelope, $seconds);
    }

    public function getMessageCount(): int
    {
        return $this->receiver->getMessageCount();
    }

    /**
     * The dead letters, oldest first (dead-letter mode), or the messages due now, next
     * first; up to $limit of them (the list limit by default). An entry whose payload
     * is not an envelope is left out, and the ones after it are listed in its place
     * (among the first list-limit entries).
     */
    public function all(?int $limit = null): iterable
    {
        return $this->receiver->all($limit);
    }

    /**
     * A dead letter (dead-letter mode), or a message due now, by id; null if none among
     * the first list-limit ones. A dead letter whose payload is not an envelope comes as
     * an UndecodableMessage, so that it can be removed.
     */
    public function find(mixed $id): ?Envelope
    {
        return $this->receiver->find($id);
    }
}
