<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Middleware\MiddlewareInterface;
use Symfony\Component\Messenger\Middleware\StackInterface;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Stamp\ReceivedStamp;
use Symfony\Component\Messenger\Transport\Sender\SendersLocatorInterface;

/**
 * Messenger's DeduplicateStamp (symfony/messenger 7.3+) in one round trip on a
 * redislock transport. Symfony's DeduplicateMiddleware takes a lock on the
 * stamp's key before the message is sent and releases it once a worker has
 * handled it (or received it, with onlyDeduplicateInQueue): three round trips,
 * and a lock a killed process leaves held until its ttl. This middleware
 * decorates it. A message whose one sender is a redislock transport goes on
 * without a lock, stamped with QueueDeduplicateStamp, and RedisLockSender
 * submit()s it under its own id with the stamp's key: the queue itself answers,
 * in the send's one script, whether a message of that key is still waiting (or,
 * unless onlyDeduplicateInQueue, in flight), within the ttl, and such a message
 * is not sent. On receipt there is then no lock to release: the task's end frees the
 * key. Every other message (no stamp, several senders, another transport, a
 * message sent through the lock and received here) goes through Symfony's
 * middleware as before.
 *
 * @internal  registered by the bundle in place of messenger.middleware.deduplicate_middleware
 */
final class QueueDeduplicateMiddleware implements MiddlewareInterface
{
    public function __construct(
        private readonly MiddlewareInterface $inner,
        private readonly SendersLocatorInterface $senders,
    ) {
    }

    public function handle(Envelope $envelope, StackInterface $stack): Envelope
    {
        $stamp = $envelope->last(DeduplicateStamp::class);
        if (!$stamp instanceof DeduplicateStamp) {
            return $this->inner->handle($envelope, $stack);
        }
        if ($envelope->last(ReceivedStamp::class) === null) {
            if ($this->queueOnly($envelope)) {
                return $stack->next()->handle($envelope->with(new QueueDeduplicateStamp()), $stack);
            }

            return $this->inner->handle($envelope, $stack);
        }
        $received = $envelope->last(RedisLockReceivedStamp::class);
        if ($received instanceof RedisLockReceivedStamp && RedisLockSender::deduplicated($received->getId())) {
            // Submitted under its key: no lock to release.
            return $stack->next()->handle($envelope, $stack);
        }

        return $this->inner->handle($envelope, $stack);
    }

    /** Whether $envelope's senders are exactly one, a redislock transport on a queue's live tasks. */
    private function queueOnly(Envelope $envelope): bool
    {
        $n = 0;
        foreach ($this->senders->getSenders($envelope) as $sender) {
            if (!$sender instanceof RedisLockTransport || $sender->isDeadLetters() || ++$n > 1) {
                return false;
            }
        }

        return $n === 1;
    }
}
