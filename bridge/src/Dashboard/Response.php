<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Dashboard;

/** A dashboard page as the server that serves it sends it: status, headers, body. */
final class Response
{
    /**
     * @param array<string, string> $headers
     */
    public function __construct(
        public readonly int $status,
        public readonly string $body,
        public readonly array $headers = [],
    ) {
    }
}
