<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use RedisLock\Bridge\TraceContext;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Middleware\MiddlewareInterface;
use Symfony\Component\Messenger\Middleware\StackInterface;
use Symfony\Component\Messenger\Stamp\ReceivedStamp;

/**
 * Handles each received message in the trace context it was sent in (its
 * TraceContextStamp; none for a message without one, of any transport):
 * TraceContext::current() is that context for exactly the time the bus handles
 * it, and what it was before once the bus returns or throws. A message being
 * sent (no ReceivedStamp) passes through untouched.
 *
 * The bundle puts it first on every bus (TraceContextPass); a bus built by hand
 * takes it as its first middleware. A batch handler's process() runs in the
 * context of the message whose handling, or flush, runs it.
 */
final class TraceContextMiddleware implements MiddlewareInterface
{
    public function handle(Envelope $envelope, StackInterface $stack): Envelope
    {
        if ($envelope->last(ReceivedStamp::class) === null) {
            return $stack->next()->handle($envelope, $stack);
        }
        $stamp = $envelope->last(TraceContextStamp::class);

        return TraceContext::within($stamp instanceof TraceContextStamp ? $stamp->context() : null,
            static fn (): Envelope => $stack->next()->handle($envelope, $stack));
    }
}
