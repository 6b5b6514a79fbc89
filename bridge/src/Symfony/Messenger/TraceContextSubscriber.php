<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use RedisLock\Bridge\TraceContext;
use Symfony\Component\EventDispatcher\EventSubscriberInterface;
use Symfony\Component\Messenger\Event\WorkerMessageFailedEvent;
use Symfony\Component\Messenger\Event\WorkerMessageHandledEvent;
use Symfony\Component\Messenger\Event\WorkerMessageReceivedEvent;
use Symfony\Component\Messenger\Event\WorkerStoppedEvent;

/**
 * Runs each message a Messenger Worker handles in the trace context it was sent
 * in (its TraceContextStamp; none for a message without one, of any transport):
 * TraceContext::current() is that context from the Worker's
 * WorkerMessageReceivedEvent to its handled or failed event, and what it was
 * before afterwards. The bundle registers it; a Worker wired by hand takes it
 * with addSubscriber(new TraceContextSubscriber()).
 *
 * A batch handler's process() runs when its batch flushes, in the context of the
 * message the Worker received last.
 */
final class TraceContextSubscriber implements EventSubscriberInterface
{
    /** Whether a message's context is in force, and the one before it. */
    private bool $active = false;

    private ?TraceContext $before = null;

    public static function getSubscribedEvents(): array
    {
        return [
            // Early: the listeners after it (a tracer's among them) see the message's context.
            WorkerMessageReceivedEvent::class => ['received', 256],
            // Late: the listeners before it (retry, failure transport) still see it.
            WorkerMessageHandledEvent::class => ['done', -256],
            WorkerMessageFailedEvent::class => ['done', -256],
            WorkerStoppedEvent::class => ['done', -256],
        ];
    }

    public function received(WorkerMessageReceivedEvent $event): void
    {
        $stamp = $event->getEnvelope()->last(TraceContextStamp::class);
        $context = $stamp instanceof TraceContextStamp ? $stamp->context() : null;
        $before = TraceContext::set($context);
        if (!$this->active) {
            [$this->active, $this->before] = [true, $before];
        }
    }

    public function done(): void
    {
        if ($this->active) {
            TraceContext::set($this->before);
            [$this->active, $this->before] = [false, null];
        }
    }
}
