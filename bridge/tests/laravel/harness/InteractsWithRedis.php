<?php

namespace Illuminate\Foundation\Testing\Concerns;

/**
 * A stand-in for Laravel's InteractsWithRedis, for tests whose Redis is reached
 * through the redislock extension. Laravel's setUpRedis() skips the test when
 * phpredis is missing or the server is down, and FLUSHDBs database 5; ours fails
 * instead of skipping, and removes only what this run made: every lock whose name
 * starts with the run's cache prefix (forceUnlock, the extension's own way, for
 * each name a SCAN finds), so that other tests may share the server.
 */
trait InteractsWithRedis
{
    public function setUpRedis()
    {
        if (!extension_loaded('redislock')) {
            $this->fail('The redislock extension is not loaded');
        }
        // Throws RedisLockConnectionException when the server is not there.
        (new \RedisLock($this->redisLockOptions()))->isLocked(REDISLOCK_LARAVEL_PREFIX . 'probe');
        $this->removeRedisLocksOfThisRun();
    }

    public function tearDownRedis()
    {
        $this->removeRedisLocksOfThisRun();
    }

    private function redisLockOptions(): array
    {
        return ['host' => REDISLOCK_LARAVEL_HOST, 'port' => REDISLOCK_LARAVEL_PORT];
    }

    private function removeRedisLocksOfThisRun(): void
    {
        $locks = new \RedisLock($this->redisLockOptions());
        $keyPrefix = 'Lock:';
        // The store's prefix, then ":" (LockProvider::redisName()).
        foreach ($this->scanKeys($keyPrefix . REDISLOCK_LARAVEL_PREFIX . ':*') as $key) {
            $locks->forceUnlock(substr($key, strlen($keyPrefix)));
        }
    }

    /** SCAN over a raw socket: the extension has no such call, on purpose. */
    private function scanKeys(string $pattern): array
    {
        $keys = [];
        $cursor = '0';
        do {
            [$cursor, $batch] = $this->rawRedisCommand('SCAN', $cursor, 'MATCH', $pattern, 'COUNT', '1000');
            array_push($keys, ...$batch);
        } while ($cursor !== '0');

        return array_unique($keys);
    }

    /** One command on a raw socket to the test server, and its reply. */
    protected function rawRedisCommand(string ...$args)
    {
        $socket = stream_socket_client('tcp://' . REDISLOCK_LARAVEL_HOST . ':' . REDISLOCK_LARAVEL_PORT, $errno, $errstr, 2.0);
        if (!$socket) {
            throw new \RuntimeException("raw connect failed: $errstr");
        }
        stream_set_timeout($socket, 5);
        $cmd = '*' . count($args) . "\r\n";
        foreach ($args as $a) {
            $cmd .= '$' . strlen($a) . "\r\n$a\r\n";
        }
        fwrite($socket, $cmd);
        $reply = $this->readReply($socket);
        fclose($socket);

        return $reply;
    }

    private function readReply($socket)
    {
        $line = fgets($socket);
        if ($line === false) {
            throw new \RuntimeException('raw read failed');
        }
        $body = substr($line, 1, -2);
        switch ($line[0]) {
            case '$':
                if ((int) $body < 0) {
                    return null;
                }
                $data = '';
                while (strlen($data) < (int) $body + 2) {
                    $data .= fread($socket, (int) $body + 2 - strlen($data));
                }
                return substr($data, 0, -2);
            case '*':
                $out = [];
                for ($i = 0; $i < (int) $body; $i++) {
                    $out[] = $this->readReply($socket);
                }
                return $out;
            case '-':
                throw new \RuntimeException("raw command: $body");
            default:
                return $body;
        }
    }
}
