<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use RedisLock\Bridge\TraceContext;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Stamp\RedeliveryStamp;
use Symfony\Component\Messenger\Stamp\SentStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\Sender\SenderInterface;

/**
 * The sending side of a queue: send() enqueues the envelope as a new task, due
 * after its DelayStamp by the Redis server's clock, in one round trip, with a
 * TraceContextStamp of the current trace context (TraceContext::current()) when
 * there is one and the envelope has none.
 *
 * An envelope with a DeduplicateStamp that QueueDeduplicateMiddleware let
 * through (QueueDeduplicateStamp: no lock taken) is submit()ted under an id of
 * its own ("dedupe:" and random hex) with the stamp's key as its uniqueKey, in
 * that same round trip: 'until_started' with onlyDeduplicateInQueue, else
 * 'until_done', both capped at the stamp's ttl as the lock's would be. A
 * duplicate is not sent: the envelope comes back without its SentStamp, as
 * Symfony's middleware returns one it drops. A retry (Symfony's retry listener
 * sends the received envelope again) of a message submitted so is never
 * dropped: it keeps its id, parked behind the run that failed, which keeps the
 * key held (with onlyDeduplicateInQueue the key was freed on receipt, and the
 * retry takes a new id).
 *
 * @internal  made by RedisLockTransport
 */
final class RedisLockSender implements SenderInterface
{
    /** The prefix of the task ids of messages submitted under their DeduplicateStamp's key. */
    private const DEDUPLICATED = 'dedupe:';

    public function __construct(private readonly QueueConnection $connection)
    {
    }

    public function send(Envelope $envelope): Envelope
    {
        $c = $this->connection;
        if ($envelope->last(TraceContextStamp::class) === null && ($trace = TraceContext::current()) !== null) {
            $envelope = $envelope->with(new TraceContextStamp($trace->traceparent, $trace->tracestate));
        }
        $payload = $c->pack($envelope);
        $delay = QueueConnection::delayOf($envelope);
        $dedupe = self::deduplicateStampOf($envelope);
        $id = QueueConnection::newId();
        try {
            if ($dedupe !== null && $envelope->last(QueueDeduplicateStamp::class) !== null) {
                $id = self::DEDUPLICATED . $id;
                $ttl = (float) ($dedupe->getTtl() ?? 0);
                $answer = $c->queue->submit($c->name, $id, $payload, $delay,
                    unique: $dedupe->onlyDeduplicateInQueue() ? 'until_started' : 'until_done',
                    uniqueFor: $ttl > 0 ? min(max($ttl, 1e-6), QueueConnection::MAX_DELAY) : 0,
                    uniqueKey: self::queueKey((string) $dedupe->getKey()));
                if ($answer === 'duplicate') {
                    return $envelope->withoutStampsOfType(SentStamp::class);
                }
                $this->retryOf($envelope);

                return $envelope->with(new TransportMessageIdStamp($id));
            }
            $received = $dedupe !== null ? $envelope->last(RedisLockReceivedStamp::class) : null;
            if ($received instanceof RedisLockReceivedStamp && self::deduplicated($received->getId())) {
                // A retry of a message submitted under its key: parked behind
                // the run that failed (its own id, which holds the key) unless
                // the key was only held while it waited; never dropped.
                $id = $received->getQueue() === $c->name && !$dedupe->onlyDeduplicateInQueue()
                    ? $received->getId() : self::DEDUPLICATED . $id;
            }
            if (!$c->queue->enqueue($c->name, $id, afterInterval: $delay, payload: $payload)) {
                throw new TransportException(sprintf('Could not enqueue message "%s" in queue "%s".', $id, $c->name));
            }
        } catch (\RedisLockException | \ValueError $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }
        $this->retryOf($envelope);

        return $envelope->with(new TransportMessageIdStamp($id));
    }

    /**
     * A retry copy tells the receiver that the run it came from failed: Messenger
     * 6.4 and later ack that run, and its counters would take it for processed.
     * Symfony's retry listener sends the received envelope back to its own
     * transport with a new RedeliveryStamp, whose retry count is above the one the
     * envelope came with; the received envelope sent on unchanged (an app that
     * forwards it) is no retry copy.
     */
    private function retryOf(Envelope $envelope): void
    {
        $received = $envelope->last(RedisLockReceivedStamp::class);
        $redelivery = $envelope->last(RedeliveryStamp::class);
        if ($received instanceof RedisLockReceivedStamp && $redelivery instanceof RedeliveryStamp
            && $received->getQueue() === $this->connection->name && $redelivery->getRetryCount() > $received->getRedeliveries()) {
            QueueReceiver::retrySent($received);
        }
    }

    /**
     * The uniqueKey of a stamp's key: the key itself, or for one over the
     * queue's 64 KiB a NUL-led SHA-256 of it (Symfony's lock takes any length).
     */
    private static function queueKey(string $key): string
    {
        return strlen($key) > 65536 ? "\0sha256:" . hash('sha256', $key) : $key;
    }

    /** Whether task $id is a message submitted under its DeduplicateStamp's key (no lock taken for it). */
    public static function deduplicated(string $id): bool
    {
        return str_starts_with($id, self::DEDUPLICATED);
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
