<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Queue;

use ArrayAccess;
use Illuminate\Queue\Connectors\ConnectorInterface;
use InvalidArgumentException;
use RedisLock\Bridge\Laravel\ConnectionConfig;

/**
 * The queue connector of the driver "redislock". In config/queue.php:
 *
 *   'redislock' => [
 *       'driver' => 'redislock',
 *       'connection' => 'default',   // a connection of config/database.php's "redis",
 *                                    // or a DSN ("redis://127.0.0.1:6379"), or \RedisQueue options
 *       'queue' => 'default',        // the default queue name
 *       'retry_after' => 90,         // seconds a reservation lasts, renewed while the job runs
 *       'block_for' => 5,            // seconds pop() waits on the server (null: none; 0: until
 *                                    // a job comes), in waits of at most 2 s (RedisLockQueue::WAIT_SLICE)
 *       'after_commit' => false,
 *       // 'prefix' => 'Queue:',         // the key prefix (\RedisQueue's default)
 *       // 'watchdog_max_hold' => 86400, // seconds one job's reservation is renewed at most (a day)
 *   ],
 *
 * The connection is read as the cache driver reads it (ConnectionConfig::queueOptions()).
 * The \RedisQueue always has the watchdog on: it is the heartbeat that keeps a
 * running job reserved.
 */
class Connector implements ConnectorInterface
{
    /** @var \ArrayAccess|array|null */
    protected $app;

    /**
     * @param  \ArrayAccess|array|null  $app  the application (for its config's database.redis),
     *         or that "redis" section itself
     */
    public function __construct(#[\SensitiveParameter] ArrayAccess|array|null $app = null)
    {
        $this->app = $app;
    }

    /**
     * @return \Illuminate\Contracts\Queue\Queue
     */
    public function connect(#[\SensitiveParameter] array $config)
    {
        $retryAfter = $config['retry_after'] ?? 60;
        if (!is_int($retryAfter) && !is_float($retryAfter) && !(is_string($retryAfter) && is_numeric($retryAfter))) {
            throw new InvalidArgumentException('The redislock queue\'s retry_after must be a number of seconds greater than 0.');
        }
        $blockFor = $config['block_for'] ?? null;
        if ($blockFor !== null && !is_numeric($blockFor)) {
            throw new InvalidArgumentException('The redislock queue\'s block_for must be null or a number of seconds, at least 0.');
        }
        $queue = $config['queue'] ?? 'default';
        if (!is_string($queue) || $queue === '') {
            throw new InvalidArgumentException('The redislock queue\'s "queue" must be a non-empty queue name.');
        }

        return new RedisLockQueue(
            $this->redisQueue($config),
            $queue,
            (float) $retryAfter,
            $blockFor === null ? null : (float) $blockFor,
            (bool) ($config['after_commit'] ?? false)
        );
    }

    /** The \RedisQueue of a queue connection's $config, with the watchdog on. */
    public function redisQueue(#[\SensitiveParameter] array $config): \RedisQueue
    {
        $options = ConnectionConfig::queueOptions($config, $this->redisConfig());
        try {
            return new \RedisQueue($options);
        } catch (\ValueError|\TypeError $e) {
            throw new InvalidArgumentException('The redislock queue\'s connection is not valid: ' . $e->getMessage(), 0, $e);
        }
    }

    /** config/database.php's "redis" section. */
    protected function redisConfig(): array
    {
        return ConnectionConfig::redisSection($this->app);
    }
}
