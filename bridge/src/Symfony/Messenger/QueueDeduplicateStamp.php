<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Stamp\NonSendableStampInterface;

/**
 * Put on an envelope with a DeduplicateStamp by QueueDeduplicateMiddleware when
 * its one sender is a redislock transport: no lock was taken for it, and the
 * sender's submit() decides, in its one round trip, whether it is a duplicate.
 * Not sendable: it means something only on its way to the sender.
 *
 * @internal
 */
final class QueueDeduplicateStamp implements NonSendableStampInterface
{
}
