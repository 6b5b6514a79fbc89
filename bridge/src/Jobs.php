<?php

declare(strict_types=1);

namespace RedisLock\Bridge;

/**
 * What the job adapters of both frameworks (Laravel's queue driver, the Messenger
 * transport) share.
 */
final class Jobs
{
    /**
     * How long the watchdog renews one job's reservation at most, in seconds (a
     * day), unless the connection says otherwise (watchdog_max_hold): a worker that
     * hangs for ever does not hold its job for ever. The bridge's choice: the
     * extension's own default (300 s) would hand a job of over 5 minutes to a
     * second worker.
     */
    public const MAX_HOLD = 86400;

    private function __construct()
    {
    }
}
