<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use RedisLock\Bridge\TraceContext;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Exception\MessageDecodingFailedException;
use Symfony\Component\Messenger\Exception\TransportException;
use Symfony\Component\Messenger\Stamp\DelayStamp;
use Symfony\Component\Messenger\Stamp\RedeliveryStamp;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\Serialization\SerializerInterface;

/**
 * One queue of a \RedisQueue as the transport's receivers and sender share it: its
 * connection, name and timings, and how an envelope becomes a task's payload and
 * back. A message's payload is its serialized encoded envelope (with its trace
 * context, a TraceContextStamp, as the headers "traceparent" and "tracestate");
 * a task whose payload is not one is "undecodable".
 *
 * @internal  made by RedisLockTransport
 */
final class QueueConnection
{
    /** The longest delay the extension accepts, in seconds (about 31 years). */
    public const MAX_DELAY = \RedisQueue::MAX_DELAY;

    /**
     * @param float $visibility  seconds a reservation (or a claim of a dead letter) lasts
     * @param float $wait        seconds get() waits on the server for a message; 0: not at all
     * @param int   $listLimit   how many entries find() looks through, and all() lists without a limit
     */
    public function __construct(
        public readonly \RedisQueue $queue,
        public readonly string $name,
        private readonly SerializerInterface $serializer,
        public readonly float $visibility,
        public readonly float $wait,
        public readonly int $listLimit,
    ) {
    }

    /**
     * The payload of $envelope.
     *
     * @throws TransportException  for a dead letter that carries no envelope (it cannot be sent again)
     */
    public function pack(Envelope $envelope): string
    {
        $message = $envelope->getMessage();
        if ($message instanceof UndecodableMessage) {
            throw new TransportException(sprintf('Dead letter "%s" of queue "%s" carries no message envelope: it cannot be sent again (remove it with messenger:failed:remove).', $message->getId(), $message->getQueue()));
        }
        $encoded = $this->serializer->encode($envelope);
        $headers = (array) ($encoded['headers'] ?? []);
        $trace = $envelope->last(TraceContextStamp::class);
        if ($trace instanceof TraceContextStamp && ($context = $trace->context()) !== null && !isset($headers['traceparent'])) {
            unset($headers['traceparent'], $headers['tracestate']);
            $headers += $context->toArray();
        }

        return serialize(['body' => (string) $encoded['body'], 'headers' => $headers]);
    }

    /** The seconds $envelope's DelayStamp asks for, within what the extension accepts. */
    public static function delayOf(Envelope $envelope): float
    {
        $stamp = $envelope->last(DelayStamp::class);

        return $stamp instanceof DelayStamp ? min(max($stamp->getDelay() / 1000, 0.0), self::MAX_DELAY) : 0.0;
    }

    /** The task (or dead letter) $task as an envelope, stamped with its $receipt (null: none) and $attempts. */
    public function decode(array $task, ?string $receipt, int $attempts): Envelope
    {
        $id = $task['id'];
        $encoded = self::unpack($task['payload'] ?? null);
        if ($encoded === null) {
            throw new MessageDecodingFailedException(sprintf('Task "%s" of queue "%s" carries no message envelope.', $id, $this->name));
        }
        $envelope = $this->serializer->decode($encoded);
        $context = TraceContext::parse($encoded['headers']['traceparent'] ?? null, $encoded['headers']['tracestate'] ?? null);
        if ($context !== null) {
            $envelope = $envelope->withoutAll(TraceContextStamp::class)->with(new TraceContextStamp($context->traceparent, $context->tracestate));
        }

        $redelivery = $envelope->last(RedeliveryStamp::class);
        $redeliveries = $redelivery instanceof RedeliveryStamp ? $redelivery->getRetryCount() : 0;

        return $envelope->with(new RedisLockReceivedStamp($this->name, $id, $receipt, $attempts, $redeliveries), new TransportMessageIdStamp($id));
    }

    /** The dead letter $task as an envelope; null when it is none. */
    public function tryDecode(array $task): ?Envelope
    {
        try {
            return $this->decode($task, null, 0);
        } catch (MessageDecodingFailedException) {
            return null;
        }
    }

    /**
     * $fn's result, a failure of the extension thrown as Messenger's TransportException.
     *
     * @template T
     * @param callable(): T $fn
     * @return T
     */
    public function call(callable $fn): mixed
    {
        try {
            return $fn();
        } catch (\RedisLockException $e) {
            throw new TransportException($e->getMessage(), 0, $e);
        }
    }

    /** A new message id: a random 128-bit hex string. */
    public static function newId(): string
    {
        return bin2hex(random_bytes(16));
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
}
