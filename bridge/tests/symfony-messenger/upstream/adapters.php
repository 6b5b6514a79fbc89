<?php

declare(strict_types=1);

namespace Symfony\Component\Messenger\Tests;

use RedisLock\Bridge\Symfony\Messenger\RedisLockTransport;
use RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Transport\Receiver\ReceiverInterface;
use Symfony\Component\Messenger\Transport\Sender\SenderInterface;
use Symfony\Component\Messenger\Transport\Serialization\PhpSerializer;

/**
 * Stands in for the in-memory transport of symfony's FailureIntegrationTest (the
 * run renames theirs away): every instance is a queue of its own on the Redis
 * server under test, a RedisLockTransport, and the failure transports (the run
 * makes the test pass true) are that queue's dead letters (?dead=1). Messages go
 * through Redis and the PHP serializer, as in production.
 *
 * getMessagesWaitingToBeReceived(), which the test inspects: for the failure
 * transport its dead letters, decoded (the test reads their stamps); for the
 * others the messages waiting (due and delayed), which the test only counts,
 * as getMessageCount() of the queue.
 */
final class DummyFailureTestSenderAndReceiver implements ReceiverInterface, SenderInterface
{
    private static int $n = 0;
    private RedisLockTransport $transport;

    public function __construct(bool $failureTransport = false)
    {
        $name = 'messenger-upstream:' . getmypid() . ':' . (++self::$n) . ':' . bin2hex(random_bytes(4));
        $transport = (new RedisLockTransportFactory())->createTransport(
            redislock_messenger_test_dsn($name, $failureTransport ? 'dead=1' : 'wait=0.5'),
            [],
            new PhpSerializer()
        );
        \assert($transport instanceof RedisLockTransport);
        $this->transport = $transport;
    }

    public function get(): iterable
    {
        return $this->transport->get();
    }

    public function ack(Envelope $envelope): void
    {
        $this->transport->ack($envelope);
    }

    public function reject(Envelope $envelope): void
    {
        $this->transport->reject($envelope);
    }

    public function send(Envelope $envelope): Envelope
    {
        return $this->transport->send($envelope);
    }

    /** @return Envelope[] */
    public function getMessagesWaitingToBeReceived(): array
    {
        if ($this->transport->isDeadLetters()) {
            return iterator_to_array($this->transport->all(), false);
        }

        return array_fill(0, $this->transport->getMessageCount(), null);
    }
}
