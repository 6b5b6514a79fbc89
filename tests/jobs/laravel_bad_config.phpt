--TEST--
Laravel queue driver: a bad queue connection config is an InvalidArgumentException that names the key, and a DSN, an options array or a redis connection name all connect
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
use RedisLock\Bridge\Laravel\Queue\Connector;

$app = lq_app();
$connector = new Connector($app);
$bad = [
    'unknown connection name' => ['connection' => 'nope'],
    'connection of a wrong type' => ['connection' => 42],
    'malformed DSN' => ['connection' => 'redis://127.0.0.1:notaport'],
    'unknown option' => ['connection' => ['host' => '127.0.0.1', 'bogus' => 1]],
    'retry_after 0' => ['retry_after' => 0],
    'retry_after not a number' => ['retry_after' => 'soon'],
    'negative block_for' => ['block_for' => -1],
    'block_for not a number' => ['block_for' => 'x'],
    'empty queue name' => ['queue' => ''],
    'watchdog_max_hold not a number' => ['watchdog_max_hold' => 'long'],
];
foreach ($bad as $what => $config) {
    try {
        $connector->connect($config + ['driver' => 'redislock', 'connection' => 'default', 'queue' => 'q']);
        echo "FAILED: $what accepted\n";
    } catch (InvalidArgumentException $e) {
        $clear = str_contains($e->getMessage(), 'redislock queue') || str_contains($e->getMessage(), 'Redis connection');
        rq_check($clear, "$what: " . $e->getMessage());
    }
}
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_PORT');
foreach ([
    'a connection name' => 'default',
    'a DSN' => "redis://$host:$port",
    'an options array' => ['host' => $host, 'port' => $port],
] as $what => $connection) {
    $q = $connector->connect(['driver' => 'redislock', 'connection' => $connection, 'queue' => lq_queue(), 'retry_after' => 5, 'watchdog_max_hold' => 60]);
    $q->setContainer($app);
    $id = $q->push(new LqRecordJob('c'));
    $job = $q->pop();
    rq_check($job !== null && $job->getJobId() === $id, "$what connects");
    $job->delete();
}
?>
--EXPECTF--
ok: unknown connection name: Redis connection [nope] not configured.
ok: connection of a wrong type: The redislock queue's connection must be a redis connection name, a DSN or an array of options.
ok: malformed DSN: The redislock queue's connection is not valid: %s
ok: unknown option: The redislock queue's connection is not valid: %s
ok: retry_after 0: The redislock queue's retry_after must be a number of seconds greater than 0.
ok: retry_after not a number: The redislock queue's retry_after must be a number of seconds greater than 0.
ok: negative block_for: The redislock queue's block_for must be null or a number of seconds, at least 0.
ok: block_for not a number: The redislock queue's block_for must be null or a number of seconds, at least 0.
ok: empty queue name: The redislock queue's "queue" must be a non-empty queue name.
ok: watchdog_max_hold not a number: The redislock queue's watchdog_max_hold must be a number of seconds.
ok: a connection name connects
ok: a DSN connects
ok: an options array connects
