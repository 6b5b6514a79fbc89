<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\MessageDecodingFailedException;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\Sender\SenderInterface;

/**
 * A queue's dead letters as a failure transport's receiver (and sender).
 *
 * send() moves the message there: the failed reservation itself when the envelope
 * comes from this queue (one round trip, atomic: the dead letter carries the
 * envelope with its error details), else a new dead letter, written before the one
 * it replaces is removed (a failure in between leaves both, never neither). all()
 * and find() read the dead letters (oldest first), ack() and reject() remove one,
 * getMessageCount() counts them.
 *
 * get() hands each dead letter to one consumer at a time: it claims it with a lock
 * of the extension (`$claims`, renewed by its watchdog while the handler runs, freed
 * by ack() and reject(), lapsing after one visibility when the consumer dies) and
 * skips the ones claimed by others; a message sent back with a DelayStamp (a retry
 * of the failure transport) is claimed for that delay, so no consumer gets it
 * earlier. A dead letter whose payload is not an envelope is never handed out by
 * get() nor listed by all(); find() returns it as an UndecodableMessage, which
 * messenger:failed:remove removes.
 *
 * @internal  made by RedisLockTransport
 */
final class DeadLetterReceiver extends QueueReceiver implements SenderInterface
{
    /** Dead letters get() reads first when it looks for one to claim; doubled up to the list limit while none is free (this transport's choice). */
    private const CLAIM_PAGE = 16;

    /** @var array<string, true> the dead letters this receiver has claimed and not yet finished, by id */
    private array $claimed = [];

    /**
     * @param \RedisLock $claims  the locks that claim a dead letter for one consumer (give it the
     *                            watchdog option, and a prefix of its own)
     */
    public function __construct(QueueConnection $connection, private readonly \RedisLock $claims)
    {
        parent::__construct($connection);
    }

    public function send(Envelope $envelope): Envelope
    {
        $payload = $this->connection->pack($envelope);
        $delay = QueueConnection::delayOf($envelope);
        try {
            return $envelope->with(new TransportMessageIdStamp($this->bury($envelope, $payload, $delay)));
        } catch (\RedisLockException | \ValueError $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }
    }

    /**
     * The oldest dead letter that is an envelope and that no one else has claimed,
     * claimed for this consumer; none when there is no such letter. A dead letter is
     * claimed with a lock taken without waiting; then it is read again, since it may
     * have been removed (by the consumer that held it until just now) or replaced
     * since the first read: only a letter still there as it was is handed out.
     *
     * @return list<Envelope>
     */
    public function get(): iterable
    {
        $c = $this->connection;
        for ($page = min(self::CLAIM_PAGE, $c->listLimit); ; $page = min($page * 2, $c->listLimit)) {
            $letters = $this->entries($page);
            foreach ($letters as $i => $letter) {
                $id = (string) $letter['id'];
                if (isset($this->claimed[$id]) || $c->tryDecode($letter) === null) {
                    continue;   // ours already (not finished yet), or left for an operator
                }
                if (!$c->call(fn () => $this->claims->lock($this->claimName($id), 0, $c->visibility))) {
                    continue;   // another consumer's, or delayed
                }
                $this->claimed[$id] = true;
                $envelope = null;
                foreach ($this->entries($i + 1) as $entry) {
                    if ((string) $entry['id'] === $id && $entry['time'] === $letter['time']) {
                        $envelope = $c->tryDecode($entry);
                        break;
                    }
                }
                if ($envelope !== null) {
                    return [$envelope];
                }
                $c->call(fn () => $this->unclaim($id));
            }
            if (count($letters) < $page || $page >= $c->listLimit) {
                return [];
            }
        }
    }

    public function getMessageCount(): int
    {
        $c = $this->connection;

        return $c->call(fn () => $c->queue->size($c->name))['dead'];
    }

    protected function entries(int $limit): array
    {
        $c = $this->connection;

        return $c->call(fn () => $c->queue->dead($c->name, $limit));
    }

    /** A dead letter is kept by this consumer's claim, if it still has one. */
    protected function keepUnreserved(RedisLockReceivedStamp $stamp): bool
    {
        $c = $this->connection;

        return $stamp->getQueue() === $c->name && isset($this->claimed[$stamp->getId()])
            && $this->claims->expire($this->claimName($stamp->getId()), $c->visibility);
    }

    protected function removed(RedisLockReceivedStamp $stamp): void
    {
        if ($stamp->getQueue() === $this->connection->name) {
            $this->unclaim($stamp->getId());
        }
    }

    /** An undecodable dead letter, so that messenger:failed:remove can remove it. */
    protected function undecodable(string $id, MessageDecodingFailedException $e): Envelope
    {
        $name = $this->connection->name;

        return new Envelope(new UndecodableMessage($name, $id, $e->getMessage()), [
            new RedisLockReceivedStamp($name, $id, null, 0),
            new TransportMessageIdStamp($id),
        ]);
    }

    /** The lock that claims dead letter $id of this queue (for a consumer, or for a retry's delay). */
    private function claimName(string $id): string
    {
        $name = $this->connection->name;

        return 'messenger:dead:' . strlen($name) . ':' . $name . ':' . $id;
    }

    /**
     * Moves the envelope to the dead letters; returns the dead letter's id. A delay
     * claims the new dead letter for that long before it is written, so that no
     * consumer gets it earlier.
     */
    private function bury(Envelope $envelope, string $payload, float $delay): string
    {
        $c = $this->connection;
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        $ours = $stamp instanceof RedisLockReceivedStamp && $stamp->getQueue() === $c->name;
        if ($ours && $stamp->getReceipt() !== null) {
            $this->holdFor($stamp->getId(), $delay);
            if ($c->queue->fail($c->name, $stamp->getId(), $stamp->getReceipt(), $payload)) {
                // The failed reservation itself goes to the dead letters, with the new envelope.
                return $stamp->getId();
            }
        }
        // A new task, parked far in the future so that no worker reserves it, then dead.
        $id = QueueConnection::newId();
        $this->holdFor($id, $delay);
        if (
            !$c->queue->enqueue($c->name, $id, afterInterval: QueueConnection::MAX_DELAY, payload: $payload)
            || !$c->queue->fail($c->name, $id)
        ) {
            throw new TransportException(sprintf('Could not add message "%s" to the dead letters of queue "%s".', $id, $c->name));
        }
        if ($ours && $stamp->getReceipt() === null) {
            // A dead letter of this queue that failed again: its new copy is written, the old one goes.
            $c->queue->remove($c->name, $stamp->getId());
            $this->unclaim($stamp->getId());
        }

        return $id;
    }

    /** Claims dead letter $id for $delay seconds, for no one (the claim is left to expire). */
    private function holdFor(string $id, float $delay): void
    {
        if ($delay >= 0.001) {
            $this->claims->addLock($this->claimName($id), $delay, 0, false, false);
        }
    }

    private function unclaim(string $id): void
    {
        if (isset($this->claimed[$id])) {
            unset($this->claimed[$id]);
            $this->claims->unlock($this->claimName($id));
        }
    }
}
