<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Stamp\SentStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\Sender\SenderInterface;

/**
 * The sending side of a queue: send() enqueues the envelope as a new task, due
 * after its DelayStamp by the Redis server's clock, in one round trip.
 *
 * An envelope with a DeduplicateStamp that QueueDeduplicateMiddleware let
 * through (QueueDeduplicateStamp: no lock taken) is submit()ted under the id
 * deduplicateId() makes of its key, in that same round trip: 'until_started'
 * with onlyDeduplicateInQueue, else 'until_done' capped at the stamp's ttl. A
 * duplicate is not sent: the envelope comes back without its SentStamp, as
 * Symfony's middleware returns one it drops. A retry (Symfony's retry listener
 * sends the received envelope again) of a message submitted so keeps its id:
 * it is parked behind the run that failed, which keeps the key taken.
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
        $dedupe = self::deduplicateStampOf($envelope);
        $id = QueueConnection::newId();
        try {
            if ($dedupe !== null && $envelope->last(QueueDeduplicateStamp::class) !== null) {
                $id = self::deduplicateId($dedupe);
                $inQueue = $dedupe->onlyDeduplicateInQueue();
                $ttl = (float) ($dedupe->getTtl() ?? 0);
                $answer = $c->queue->submit($c->name, $id, $payload, $delay, unique: $inQueue ? 'until_started' : 'until_done',
                    uniqueFor: $inQueue || !($ttl > 0) ? 0 : min(max($ttl, 1e-6), QueueConnection::MAX_DELAY));
                if ($answer === 'duplicate') {
                    return $envelope->withoutStampsOfType(SentStamp::class);
                }

                return $envelope->with(new TransportMessageIdStamp($id));
            }
            $received = $dedupe !== null ? $envelope->last(RedisLockReceivedStamp::class) : null;
            if ($received instanceof RedisLockReceivedStamp && $received->getQueue() === $c->name
                && $received->getId() === self::deduplicateId($dedupe)) {
                $id = $received->getId();
            }
            if (!$c->queue->enqueue($c->name, $id, afterInterval: $delay, payload: $payload)) {
                throw new TransportException(sprintf('Could not enqueue message "%s" in queue "%s".', $id, $c->name));
            }
        } catch (\RedisLockException | \ValueError $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }

        return $envelope->with(new TransportMessageIdStamp($id));
    }

    /** The task id of the messages deduplicated under $stamp's key. */
    public static function deduplicateId(DeduplicateStamp $stamp): string
    {
        return 'dedupe:' . $stamp->getKey();
    }

    /** $envelope's DeduplicateStamp; null without one, or before symfony/messenger 7.3. */
    private static function deduplicateStampOf(Envelope $envelope): ?DeduplicateStamp
    {
        if (!class_exists(DeduplicateStamp::class)) {
            return null;
        }
        $stamp = $envelope->last(DeduplicateStamp::class);

        return $stamp instanceof DeduplicateStamp ? $stamp : null;
    }
}
