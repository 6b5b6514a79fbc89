<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Stamp\NonSendableStampInterface;

/**
 * Which task of which queue an envelope came from, and the reservation it came
 * with: ack() and reject() act on that reservation only. A dead letter, read from
 * a transport in dead-letter mode, has no receipt.
 *
 * Not sendable: it stays out of the envelope when the envelope is sent again
 * (a retry, or the failure transport).
 */
final class RedisLockReceivedStamp implements NonSendableStampInterface
{
    public function __construct(
        private readonly string $queue,
        private readonly string $id,
        private readonly ?string $receipt = null,
        private readonly int $attempts = 0,
        private readonly int $redeliveries = 0,
    ) {
    }

    public function getQueue(): string
    {
        return $this->queue;
    }

    public function getId(): string
    {
        return $this->id;
    }

    /** The reservation's receipt; null for a dead letter. */
    public function getReceipt(): ?string
    {
        return $this->receipt;
    }

    /** The reservations the task has had, this one included (0 for a dead letter). */
    public function getAttempts(): int
    {
        return $this->attempts;
    }

    /** The retry count of the envelope's last RedeliveryStamp when it was received (0: none). */
    public function getRedeliveries(): int
    {
        return $this->redeliveries;
    }
}
