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
 * use it as the failure transport. send() moves the message there: the failed
 * reservation itself when the envelope comes from this queue (one round trip,
 * atomic: the dead letter carries the envelope with its error details), else a new
 * dead letter, written before the one it replaces is removed (a failure in between
 * leaves both, never neither). all() and find() read the dead letters (oldest
 * first), ack() and reject() remove one, getMessageCount() counts them. get()
 * hands each dead letter to one consumer at a time: it claims it with a lock of the
 * extension (`$claims`, renewed by its watchdog while the handler runs, freed by
 * ack() and reject(), lapsing after one visibility when the consumer dies) and
 * skips the ones claimed by others; a message sent back with a DelayStamp (a retry
 * of the failure transport) is claimed for that delay, so no consumer gets it
 * earlier. A dead letter whose payload is not an envelope is never handed out by
 * get() nor listed by all(); find() returns it as an UndecodableMessage, which
 * messenger:failed:remove removes. Tasks that went to the dead letters by
 * themselves (the `max_attempts` option: a message that killed its worker that
 * many times) are listed there too. RedisQueue::retryDead() puts dead letters back
 * in the queue, payloads and all.
 */
final class RedisLockTransport implements TransportInterface, MessageCountAwareInterface, ListableReceiverInterface, KeepaliveReceiver
{
    /** The longest delay the extension accepts, in seconds (about 31 years). */
    private const MAX_DELAY = 1e9;
    /** Dead letters get() reads first when it looks for one to claim; doubled up to the list limit while none is free. */
    private const CLAIM_PAGE = 16;

    private \RedisQueue $queue;
    private string $name;
    private SerializerInterface $serializer;
    private float $visibility;
    private float $wait;
    private bool $deadLetters;
    private int $listLimit;
    private ?\RedisLock $claims;
    /** @var array<string, true> the dead letters this transport has claimed and not yet finished, by id */
    private array $claimed = [];

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
        if (!($visibility > 0) || $visibility > self::MAX_DELAY) {
            throw new \InvalidArgumentException(sprintf('The visibility must be between 0 (excluded) and 1e9 seconds, %s given.', $visibility));
        }
        if (!($wait >= 0) || $wait > self::MAX_DELAY) {
            throw new \InvalidArgumentException(sprintf('The wait must be between 0 and 1e9 seconds, %s given.', $wait));
        }
        if ($listLimit < 1) {
            throw new \InvalidArgumentException(sprintf('The list limit must be at least 1, %d given.', $listLimit));
        }
        if ($deadLetters && $claims === null) {
            throw new \InvalidArgumentException('A transport in dead-letter mode needs a \RedisLock to claim the dead letters it hands out.');
        }
        $this->queue = $queue;
        $this->name = $name;
        $this->serializer = $serializer ?? new PhpSerializer();
        $this->visibility = $visibility;
        $this->wait = $wait;
        $this->deadLetters = $deadLetters;
        $this->listLimit = $listLimit;
        $this->claims = $claims;
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
        if ($envelope->getMessage() instanceof UndecodableMessage) {
            throw new TransportException(sprintf('Dead letter "%s" of queue "%s" carries no message envelope: it cannot be sent again (remove it with messenger:failed:remove).', $envelope->getMessage()->getId(), $envelope->getMessage()->getQueue()));
        }
        $payload = $this->pack($envelope);
        $delay = 0.0;
        $stamp = $envelope->last(DelayStamp::class);
        if ($stamp instanceof DelayStamp) {
            $delay = min(max($stamp->getDelay() / 1000, 0.0), self::MAX_DELAY);
        }
        try {
            if ($this->deadLetters) {
                return $envelope->with(new TransportMessageIdStamp($this->bury($envelope, $payload, $delay)));
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
            return $this->claimDeadLetter();
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

    /**
     * Keeps the reservation of $envelope, a message this transport handed out and
     * that is being handled, for one visibility from now: a receipt-checked touch()
     * of that reservation only, one round trip (in dead-letter mode, a renewal of
     * this consumer's claim of the dead letter). $seconds, the interval of the
     * keepalives, must be shorter than the visibility, or the reservation could lapse
     * between two of them.
     *
     * @throws TransportException when the reservation (or claim) is no longer this
     *                            consumer's, when $seconds is not shorter than the
     *                            visibility, or when Redis fails
     */
    public function keepalive(Envelope $envelope, ?int $seconds = null): void
    {
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        if (!$stamp instanceof RedisLockReceivedStamp) {
            throw new LogicException('No RedisLockReceivedStamp found on the Envelope.');
        }
        if ($seconds !== null && $seconds >= $this->visibility) {
            throw new TransportException(sprintf('The visibility of queue "%s" (%ss) must be longer than the keepalive interval (%ds): a reservation would lapse between two keepalives.', $this->name, $this->visibility, $seconds));
        }
        $kept = $this->call(function () use ($stamp) {
            if ($stamp->getReceipt() !== null) {
                return $this->queue->touch($stamp->getQueue(), $stamp->getId(), $this->visibility, $stamp->getReceipt());
            }
            // A dead letter: kept by this consumer's claim, if it still has one.
            return $stamp->getQueue() === $this->name && isset($this->claimed[$stamp->getId()])
                && $this->claims->expire($this->claimName($stamp->getId()), $this->visibility);
        });
        if (!$kept) {
            throw new TransportException(sprintf('Message "%s" of queue "%s" is no longer reserved by this consumer (its reservation expired, and another consumer may have it now): it was not kept alive.', $stamp->getId(), $stamp->getQueue()));
        }
    }

    public function getMessageCount(): int
    {
        $size = $this->call(fn () => $this->queue->size($this->name));

        return $this->deadLetters ? $size['dead'] : $size['due'] + $size['delayed'];
    }

    /**
     * The dead letters, oldest first (dead-letter mode), or the messages due now, next
     * first; up to $limit of them (the list limit by default). An entry whose payload
     * is not an envelope is left out, and the ones after it are listed in its place
     * (among the first list-limit entries).
     */
    public function all(?int $limit = null): iterable
    {
        $want = max(1, $limit ?? $this->listLimit);
        $most = max($want, $this->listLimit);
        for ($page = $want; ; $page = min($page * 2, $most)) {
            $entries = $this->entries($page);
            $envelopes = [];
            foreach ($entries as $entry) {
                if (($envelope = $this->tryDecode($entry)) !== null && count($envelopes) < $want) {
                    $envelopes[] = $envelope;
                }
            }
            if (count($envelopes) === $want || count($entries) < $page || $page >= $most) {
                yield from $envelopes;
                return;
            }
        }
    }

    /**
     * A dead letter (dead-letter mode), or a message due now, by id; null if none among
     * the first list-limit ones. A dead letter whose payload is not an envelope comes as
     * an UndecodableMessage, so that it can be removed.
     */
    public function find(mixed $id): ?Envelope
    {
        $id = (string) $id;
        foreach ($this->entries($this->listLimit) as $entry) {
            if ((string) $entry['id'] !== $id) {
                continue;
            }
            try {
                return $this->decode($entry, null, 0);
            } catch (MessageDecodingFailedException $e) {
                if (!$this->deadLetters) {
                    throw $e;
                }
                return new Envelope(new UndecodableMessage($this->name, $id, $e->getMessage()), [
                    new RedisLockReceivedStamp($this->name, $id, null, 0),
                    new TransportMessageIdStamp($id),
                ]);
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

    /**
     * The oldest dead letter that is an envelope and that no one else has claimed,
     * claimed for this consumer; none when there is no such letter. A dead letter is
     * claimed with a lock taken without waiting; then it is read again, since it may
     * have been removed (by the consumer that held it until just now) or replaced
     * since the first read: only a letter still there as it was is handed out.
     *
     * @return list<Envelope>
     */
    private function claimDeadLetter(): array
    {
        for ($page = min(self::CLAIM_PAGE, $this->listLimit); ; $page = min($page * 2, $this->listLimit)) {
            $letters = $this->entries($page);
            foreach ($letters as $i => $letter) {
                $id = (string) $letter['id'];
                if (isset($this->claimed[$id]) || $this->tryDecode($letter) === null) {
                    continue;   // ours already (not finished yet), or left for an operator
                }
                if (!$this->call(fn () => $this->claims->lock($this->claimName($id), 0, $this->visibility))) {
                    continue;   // another consumer's, or delayed
                }
                $this->claimed[$id] = true;
                $envelope = null;
                foreach ($this->entries($i + 1) as $entry) {
                    if ((string) $entry['id'] === $id && $entry['time'] === $letter['time']) {
                        $envelope = $this->tryDecode($entry);
                        break;
                    }
                }
                if ($envelope !== null) {
                    return [$envelope];
                }
                $this->call(fn () => $this->unclaim($id));
            }
            if (count($letters) < $page || $page >= $this->listLimit) {
                return [];
            }
        }
    }

    /** The lock that claims dead letter $id of this queue (for a consumer, or for a retry's delay). */
    private function claimName(string $id): string
    {
        return 'messenger:dead:' . strlen($this->name) . ':' . $this->name . ':' . $id;
    }

    /**
     * Moves the envelope to the dead letters; returns the dead letter's id. A delay
     * claims the new dead letter for that long before it is written, so that no
     * consumer gets it earlier.
     */
    private function bury(Envelope $envelope, string $payload, float $delay): string
    {
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        $ours = $stamp instanceof RedisLockReceivedStamp && $stamp->getQueue() === $this->name;
        if ($ours && $stamp->getReceipt() !== null) {
            $this->holdFor($stamp->getId(), $delay);
            if ($this->queue->fail($this->name, $stamp->getId(), $stamp->getReceipt(), $payload)) {
                // The failed reservation itself goes to the dead letters, with the new envelope.
                return $stamp->getId();
            }
        }
        // A new task, parked far in the future so that no worker reserves it, then dead.
        $id = self::newId();
        $this->holdFor($id, $delay);
        if (
            !$this->queue->enqueue($this->name, $id, afterInterval: self::MAX_DELAY, payload: $payload)
            || !$this->queue->fail($this->name, $id)
        ) {
            throw new TransportException(sprintf('Could not add message "%s" to the dead letters of queue "%s".', $id, $this->name));
        }
        if ($ours && $stamp->getReceipt() === null) {
            // A dead letter of this queue that failed again: its new copy is written, the old one goes.
            $this->queue->remove($this->name, $stamp->getId());
            $this->unclaim($stamp->getId());
        }

        return $id;
    }

    /** Claims dead letter $id for $delay seconds, for no one (the claim is left to expire). */
    private function holdFor(string $id, float $delay): void
    {
        if ($delay >= 0.001 && $this->claims !== null) {
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

    private function finish(Envelope $envelope): void
    {
        $stamp = $envelope->last(RedisLockReceivedStamp::class);
        if (!$stamp instanceof RedisLockReceivedStamp) {
            throw new LogicException('No RedisLockReceivedStamp found on the Envelope.');
        }
        $this->call(function () use ($stamp) {
            if ($stamp->getReceipt() === null) {
                $removed = $this->queue->remove($stamp->getQueue(), $stamp->getId());
                if ($stamp->getQueue() === $this->name) {
                    $this->unclaim($stamp->getId());
                }
                return $removed;
            }
            // False when the reservation was lost (it expired and someone else reserved the
            // message): that run is not ours to finish.
            return $this->queue->ack($stamp->getQueue(), $stamp->getId(), $stamp->getReceipt());
        });
    }

    /** The dead letter $task as an envelope; null when it is none. */
    private function tryDecode(array $task): ?Envelope
    {
        try {
            return $this->decode($task, null, 0);
        } catch (MessageDecodingFailedException) {
            return null;
        }
    }

    private function decode(array $task, ?string $receipt, int $attempts): Envelope
    {
        $id = $task['id'];
        $encoded = self::unpack($task['payload'] ?? null);
        if ($encoded === null) {
            throw new MessageDecodingFailedException(sprintf('Task "%s" of queue "%s" carries no message envelope.', $id, $this->name));
        }
        $envelope = $this->serializer->decode($encoded);

        return $envelope->with(new RedisLockReceivedStamp($this->name, $id, $receipt, $attempts), new TransportMessageIdStamp($id));
    }

    /** The encoded envelope ['body' => string, 'headers' => array] a payload carries; null when it carries none. */
    private static function unpack(mixed $payload): ?array
    {
        $encoded = is_string($payload) ? @unserialize($payload, ['allowed_classes' => false]) : null;
        if (!is_array($encoded) || !is_string($encoded['body'] ?? null) || !is_array($encoded['headers'] ?? null)) {
            return null;
        }

        return $encoded;
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
