<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\Sender\SenderInterface;

/**
 * The sending side of a queue: send() enqueues the envelope as a new task, due
 * after its DelayStamp by the Redis server's clock, in one round trip.
 *
 * @internal  made by RedisLockTransport
 */
final class RedisLockSender implements SenderInterface
{
    public function __construct(private readonly QueueConnection $connection)
    {
    }

    public function send(Envelope $envelope): Envelope
    {
        $c = $this->connection;
        $payload = $c->pack($envelope);
        $delay = QueueConnection::delayOf($envelope);
        $id = QueueConnection::newId();
        try {
            if (!$c->queue->enqueue($c->name, $id, afterInterval: $delay, payload: $payload)) {
                throw new TransportException(sprintf('Could not enqueue message "%s" in queue "%s".', $id, $c->name));
            }
        } catch (\RedisLockException | \ValueError $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }

        return $envelope->with(new TransportMessageIdStamp($id));
    }
}
