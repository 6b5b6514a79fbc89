--TEST--
Connection: a host name that does not resolve throws RedisLockConnectionException and never calls an error handler
--DESCRIPTION--
Connection: a host name that does not resolve makes lock() and enqueue() throw
RedisLockConnectionException naming host:port, and never calls a
set_error_handler() callback (which PHP calls whatever error_reporting says)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$calls = [];
set_error_handler(function (int $no, string $message, string $file = '', int $line = 0) use (&$calls): bool {
    $calls[] = $message;
    throw new ErrorException($message, 0, $no, $file, $line);
});
/* .invalid never resolves (RFC 6761): the resolver answers at once, without a network. */
$options = ['host' => 'no-such-host.invalid', 'port' => 6999, 'connect_timeout' => 1];
$cases = [
    'RedisLock::lock()' => fn () => (new RedisLock($options))->lock(rl_name()),
    'RedisQueue::enqueue()' => fn () => (new RedisQueue($options))->enqueue(rl_name(), 'task'),
];
foreach ($cases as $what => $call) {
    $t = microtime(true);
    try {
        $result = $call();
        echo "$what: no exception, returned ", var_export($result, true), "\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ', ',
            str_contains($e->getMessage(), 'connect to no-such-host.invalid:6999 failed') ? 'names host:port' : 'message: ' . $e->getMessage(),
            /* No wait beyond connect_timeout (1 s): 10 s tells a hang from a loaded host. */
            ', ', microtime(true) - $t < 10 ? 'not hanging' : 'slow', "\n";
    }
}
restore_error_handler();
echo 'error handler calls: ', count($calls), "\n";
foreach ($calls as $message) {
    echo "  $message\n";
}
?>
--EXPECT--
RedisLock::lock(): RedisLockConnectionException, names host:port, not hanging
RedisQueue::enqueue(): RedisLockConnectionException, names host:port, not hanging
error handler calls: 0
