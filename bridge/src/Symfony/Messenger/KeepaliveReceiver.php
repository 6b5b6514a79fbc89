<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Messenger;

use Symfony\Component\Messenger\Transport\Receiver\KeepaliveReceiverInterface;
use Symfony\Component\Messenger\Transport\Receiver\ReceiverInterface;

/*
 * What RedisLockTransport implements for `messenger:consume --keepalive`: Messenger's
 * KeepaliveReceiverInterface where it has one (7.2+), else nothing more than a
 * receiver. Declaring the transport with the interface itself would be a fatal error
 * where the interface does not exist (Messenger 5.4 and 6.4), and the transport must
 * load there too; its keepalive() method is there on every version.
 */
if (interface_exists(KeepaliveReceiverInterface::class)) {
    interface KeepaliveReceiver extends KeepaliveReceiverInterface
    {
    }
} else {
    interface KeepaliveReceiver extends ReceiverInterface
    {
    }
}
