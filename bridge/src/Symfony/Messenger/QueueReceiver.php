<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\LogicException;
use Symfony\Component\Messenger\Exception\MessageDecodingFailedException;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Transport\Receiver\ListableReceiverInterface;
use Symfony\Component\Messenger\Transport\Receiver\MessageCountAwareInterface;

/**
 * What the two receivers of a queue share: RedisLockReceiver (its live tasks) and
 * DeadLetterReceiver (its dead letters). Each says which entries it lists, how it
 * counts them, and what a message without a reservation (a dead letter) is to it;
 * ack(), reject(), keepalive(), all() and find() are the same on both.
 *
 * @internal
 */
abstract class QueueReceiver implements MessageCountAwareInterface, ListableReceiverInterface, KeepaliveReceiver
{
    public function __construct(protected readonly QueueConnection $connection)
    {
    }

    /** Up to $limit of the entries this receiver lists, in their order. @return list<array> */
    abstract protected function entries(int $limit): array;

    /** Whether this consumer still holds the reservationless message $stamp names; renews it for one visibility if so. */
    abstract protected function keepUnreserved(RedisLockReceivedStamp $stamp): bool;

    /** The message $stamp names, reservationless, was removed from the queue. */
    protected function removed(RedisLockReceivedStamp $stamp): void
    {
    }

    /** find()'s answer for entry $id, whose payload is not an envelope. */
    protected function undecodable(string $id, MessageDecodingFailedException $e): Envelope
    {
        throw $e;
    }

    /** The runs whose retry copy this process sent, by queue, id and receipt (at most 1,024). @var array<string, true> */
    private static array $retried = [];

    /**
     * Messenger 6.4 and later ack a message that failed when its retry copy was
     * sent (the Worker's willRetry()), where 5.4 rejects it. The envelope tells
     * neither way for sure: the ErrorDetailsStamp of an earlier failure travels
     * with the retry copy into a run that succeeds, and a message with two
     * handlers, one of which threw, carries the other's HandledStamp. The retry
     * copy itself does: Symfony sends it, with a RedeliveryStamp, through this
     * transport's sender before the Worker acks, and the sender records the run it
     * came from (retrySent()). An ack of a run so recorded counts as failed; any
     * other as processed (a batch handler's, a message a middleware of the app
     * answered without a handler).
     */
    public function ack(Envelope $envelope): void
    {
        $this->finish($envelope, self::takeRetried(self::stampOf($envelope)));
    }

    /**
     * Records that the retry copy of the run $stamp names was sent: that run
     * failed. Called by RedisLockSender.
     *
     * @internal
     */
    public static function retrySent(RedisLockReceivedStamp $stamp): void
    {
        if ($stamp->getReceipt() === null) {
            return;
        }
        if (count(self::$retried) >= 1024) {
            unset(self::$retried[array_key_first(self::$retried)]);
        }
        self::$retried[self::runKey($stamp)] = true;
    }

    /** Whether the retry copy of the run $stamp names was sent; forgets it. */
    private static function takeRetried(RedisLockReceivedStamp $stamp): bool
    {
        $key = self::runKey($stamp);
        $sent = isset(self::$retried[$key]);
        unset(self::$retried[$key]);

        return $sent;
    }

    private static function runKey(RedisLockReceivedStamp $stamp): string
    {
        return strlen($stamp->getQueue()) . ':' . $stamp->getQueue() . strlen($stamp->getId()) . ':' . $stamp->getId() . $stamp->getReceipt();
    }

    /**
     * The message failed (Messenger's retry copy or failure transport has it now):
     * its run ends as an ack ends it, counted as failed in the queue's counters.
     */
    public function reject(Envelope $envelope): void
    {
        self::takeRetried(self::stampOf($envelope));
        $this->finish($envelope, true);
    }

    /**
     * Keeps the reservation of $envelope, a message this transport handed out and
     * that is being handled, for one visibility from now: a receipt-checked touch()
     * of that reservation only, one round trip (for a dead letter, a renewal of
     * this consumer's claim of it). $seconds, the interval of the keepalives, must
     * be shorter than the visibility, or the reservation could lapse between two of
     * them.
     *
     * @throws TransportException when the reservation (or claim) is no longer this
     *                            consumer's, when $seconds is not shorter than the
     *                            visibility, or when Redis fails
     */
    public function keepalive(Envelope $envelope, ?int $seconds = null): void
    {
        $stamp = self::stampOf($envelope);
        $c = $this->connection;
        if ($seconds !== null && $seconds >= $c->visibility) {
            throw new TransportException(sprintf('The visibility of queue "%s" (%ss) must be longer than the keepalive interval (%ds): a reservation would lapse between two keepalives.', $c->name, $c->visibility, $seconds));
        }
        $kept = $c->call(function () use ($stamp, $c) {
            if ($stamp->getReceipt() !== null) {
                return $c->queue->touch($stamp->getQueue(), $stamp->getId(), $c->visibility, $stamp->getReceipt());
            }

            return $this->keepUnreserved($stamp);
        });
        if (!$kept) {
            throw new TransportException(sprintf('Message "%s" of queue "%s" is no longer reserved by this consumer (its reservation expired, and another consumer may have it now): it was not kept alive.', $stamp->getId(), $stamp->getQueue()));
        }
    }

    /**
     * The entries' envelopes, up to $limit of them (the list limit by default). An
     * entry whose payload is not an envelope is left out, and the ones after it are
     * listed in its place (among the first list-limit entries).
     */
    public function all(?int $limit = null): iterable
    {
        $listLimit = $this->connection->listLimit;
        $want = max(1, $limit ?? $listLimit);
        $most = max($want, $listLimit);
        for ($page = $want; ; $page = min($page * 2, $most)) {
            $entries = $this->entries($page);
            $envelopes = [];
            foreach ($entries as $entry) {
                if (($envelope = $this->connection->tryDecode($entry)) !== null && count($envelopes) < $want) {
                    $envelopes[] = $envelope;
                }
            }
            if (count($envelopes) === $want || count($entries) < $page || $page >= $most) {
                yield from $envelopes;
                return;
            }
        }
    }

    /** An entry by id; null if none among the first list-limit ones. */
    public function find(mixed $id): ?Envelope
    {
        $id = (string) $id;
        foreach ($this->entries($this->connection->listLimit) as $entry) {
            if ((string) $entry['id'] !== $id) {
                continue;
            }
            try {
                return $this->connection->decode($entry, null, 0);
            } catch (MessageDecodingFailedException $e) {
                return $this->undecodable($id, $e);
            }
        }

        return null;
    }

    /**
     * Ends the reservation of $envelope: acknowledged with its receipt (false when the
     * reservation was lost: it expired and someone else reserved the message, and that
     * run is not ours to finish), or removed when it has none (a dead letter).
     */
    private function finish(Envelope $envelope, bool $failed): void
    {
        $stamp = self::stampOf($envelope);
        $c = $this->connection;
        // A message that holds its DeduplicateStamp's key until it is done is acked
        // at once: a deferred ack waits for this transport's next get(), which a
        // worker busy on other transports may not make for long, and the key would
        // stay held that long.
        $defer = !(RedisLockSender::deduplicated($stamp->getId()) && self::holdsUntilDone($envelope));
        $c->call(function () use ($stamp, $c, $defer, $failed) {
            if ($stamp->getReceipt() === null) {
                $removed = $c->queue->remove($stamp->getQueue(), $stamp->getId());
                $this->removed($stamp);

                return $removed;
            }

            // Deferred on the stream layout: sent with the consumer's next get().
            if ($failed && self::acksFailed()) {
                return $c->queue->ack($stamp->getQueue(), $stamp->getId(), $stamp->getReceipt(), $defer, true);
            }

            return $c->queue->ack($stamp->getQueue(), $stamp->getId(), $stamp->getReceipt(), $defer);
        });
    }

    /** Whether the extension's ack() takes $failed (a build before the counters does not). */
    private static function acksFailed(): bool
    {
        static $takes = null;

        return $takes ??= (new \ReflectionMethod(\RedisQueue::class, 'ack'))->getNumberOfParameters() >= 5;
    }

    /** Whether $envelope's DeduplicateStamp holds its key until the message is done (not onlyDeduplicateInQueue). */
    private static function holdsUntilDone(Envelope $envelope): bool
    {
        if (!class_exists(DeduplicateStamp::class)) {
            return false;
        }
        $dedupe = $envelope->last(DeduplicateStamp::class);

        return $dedupe instanceof DeduplicateStamp && !$dedupe->onlyDeduplicateInQueue();
    }

    private static function stampOf(Envelope $envelope): RedisLockReceivedStamp
    {
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        if (!$stamp instanceof RedisLockReceivedStamp) {
            throw new LogicException('No RedisLockReceivedStamp found on the Envelope.');
        }

        return $stamp;
    }
}
