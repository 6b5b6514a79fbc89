<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/** The command was called wrongly: a missing or unexpected argument, an unknown option. */
final class UsageException extends \InvalidArgumentException
{
}
