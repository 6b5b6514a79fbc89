<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

/**
 * A dead letter whose payload is not a message envelope (written by hand, by
 * another program, or by a version of the application whose message classes are
 * gone), as RedisLockTransport::find() returns it in dead-letter mode: so that
 * messenger:failed:show can show it and messenger:failed:remove can remove it.
 * It has no handler, and the transport refuses to send it anywhere: its payload
 * stays in the dead letters, byte for byte, until it is removed.
 */
final class UndecodableMessage
{
    public function __construct(
        private readonly string $queue,
        private readonly string $id,
        private readonly string $reason,
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

    /** Why it cannot be decoded. */
    public function getReason(): string
    {
        return $this->reason;
    }
}
