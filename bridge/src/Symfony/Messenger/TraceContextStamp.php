<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use RedisLock\Bridge\TraceContext;
use Symfony\Component\Messenger\Stamp\NonSendableStampInterface;

/**
 * The W3C trace context a message was sent in: its "traceparent" and
 * "tracestate". A redislock transport's send() adds it from
 * TraceContext::current() unless the envelope has one, and writes it beside the
 * encoded envelope, as the headers "traceparent" and "tracestate", where a
 * worker of any release decodes the message as before (a stamp class it lacks
 * would make the message undecodable to it). The receiving transport stamps
 * the envelope with it again, so a retry copy keeps it; while the message is
 * being handled, its context is TraceContext::current().
 */
final class TraceContextStamp implements NonSendableStampInterface
{
    public function __construct(
        private readonly string $traceparent,
        private readonly ?string $tracestate = null,
    ) {
    }

    public function getTraceparent(): string
    {
        return $this->traceparent;
    }

    public function getTracestate(): ?string
    {
        return $this->tracestate;
    }

    /** The context it carries; null when its traceparent is not a valid one (a hand-made stamp, a hostile payload). */
    public function context(): ?TraceContext
    {
        return TraceContext::parse($this->traceparent, $this->tracestate);
    }
}
