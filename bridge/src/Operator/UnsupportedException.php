<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/** The extension is not loaded, or lacks a call the operation needs. */
final class UnsupportedException extends \RuntimeException
{
}
