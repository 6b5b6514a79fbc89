<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/** A destructive call was sent and its reply did not come: it may have run. */
final class OutcomeUnknownException extends \RuntimeException
{
}
