--TEST--
Symfony Messenger transport: a bad DSN is an InvalidArgumentException saying what is wrong, with the password masked
--DESCRIPTION--
Symfony Messenger transport: supports() takes the redislock schemes only; a DSN
that is not one, names no queue or host, carries an unknown option, a bad value
or a fragment is an InvalidArgumentException that says which (the extension's
ValueError as previous), with the password masked; a server that is not there is
a TransportException at the first send() or get()
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Transport\Serialization\PhpSerializer;

$factory = new RedisLockTransportFactory();
foreach (['redislock://h/q', 'redislock+tls://h/q', 'REDISLOCK+UNIX:///s?queue=q', 'redislock+sentinel://h/s?queue=q',
    'redislock+cluster://h/q', 'redis://h/q', 'rediss://h/q', 'redislock+ssl://h/q', 'amqp://h', 'redislock:/q'] as $dsn) {
    echo str_pad($dsn, 36), $factory->supports($dsn, []) ? "supported\n" : "not supported\n";
}
$cases = [
    ['redis://127.0.0.1:6999/q', []],
    ['redislock://127.0.0.1:6999', []],
    ['redislock://127.0.0.1:6999/', []],
    ['redislock+unix:///var/run/redis.sock', []],
    ['redislock:///q', []],
    ['redislock://127.0.0.1:6999/q#frag', []],
    ['redislock://127.0.0.1:6999/q?foo=1', []],
    ['redislock://127.0.0.1:6999/q', ['foo' => 1]],
    ['redislock://127.0.0.1:6999/q', ['tls' => ['cafile' => 'ca.pem']]],
    ['redislock://127.0.0.1:99999/q', []],
    ['redislock://127.0.0.1:6999/q?db=-1', []],
    ['redislock://127.0.0.1:6999/q?max_attempts=lots', []],
    ['redislock://127.0.0.1:6999/q?cafile=ca.pem', []],
    ['redislock://127.0.0.1:6999/q?visibility=abc', []],
    ['redislock://127.0.0.1:6999/q?visibility=0', []],
    ['redislock://127.0.0.1:6999/q?wait=-1', []],
    ['redislock://127.0.0.1:6999/q?dead=maybe', []],
    ['redislock://127.0.0.1:6999/q?list_limit=0', []],
    ['redislock://:hunter2@127.0.0.1:6999/q?bogus=1', []],
];
foreach ($cases as [$dsn, $options]) {
    try {
        $factory->createTransport($dsn, $options, new PhpSerializer());
        echo "FAILED: accepted $dsn\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), $e->getPrevious() ? ' <- ' . get_class($e->getPrevious()) : '', "\n";
    }
}

echo "-- a server that is not there\n";
$transport = $factory->createTransport('redislock://127.0.0.1:' . rl_dead_port() . '/q?connect_timeout=1&wait=0', [], new PhpSerializer());
foreach (['send' => fn () => $transport->send(new Envelope(new SmMessage('x'))), 'get' => fn () => [...$transport->get()],
    'getMessageCount' => fn () => $transport->getMessageCount()] as $what => $fn) {
    try {
        $fn();
        echo "FAILED: $what() worked\n";
    } catch (Throwable $e) {
        echo "$what(): ", get_class($e), ' <- ', get_class($e->getPrevious()), "\n";
    }
}
?>
--EXPECT--
redislock://h/q                     supported
redislock+tls://h/q                 supported
REDISLOCK+UNIX:///s?queue=q         supported
redislock+sentinel://h/s?queue=q    supported
redislock+cluster://h/q             supported
redis://h/q                         not supported
rediss://h/q                        not supported
redislock+ssl://h/q                 not supported
amqp://h                            not supported
redislock:/q                        not supported
Symfony\Component\Messenger\Exception\InvalidArgumentException: The DSN "redis://127.0.0.1:6999/q" is not a redislock DSN: it must start with one of redislock://, redislock+tls://, redislock+unix://, redislock+sentinel://, redislock+cluster://.
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999": it names no queue (put it in the path, or in the "queue" option).
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/": it names no queue (put it in the path, or in the "queue" option).
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock+unix:///var/run/redis.sock": it names no queue (put it in the path, or in the "queue" option).
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock:///q": it names no host.
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q#frag": a fragment (#) is not allowed.
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?foo=1": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: unknown option "foo" <- ValueError
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: unknown option "foo" <- ValueError
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock transport option "tls": expected a string, a number or a boolean, array given.
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:99999/q": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: port must be between 1 and 65535 <- ValueError
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?db=-1": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: database must be an integer between 0 and 2147483647 <- ValueError
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?max_attempts=lots": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: max_attempts must be an integer between 0 and 1000000 <- ValueError
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?cafile=ca.pem": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: TLS options need the rediss:// scheme <- ValueError
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?visibility=abc": "visibility" must be a number of seconds, "abc" given.
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?visibility=0": The visibility must be between 0 (excluded) and 1e9 seconds, 0 given. <- InvalidArgumentException
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?wait=-1": The wait must be between 0 and 1e9 seconds, -1 given. <- InvalidArgumentException
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?dead=maybe": "dead" must be 0 or 1, "maybe" given.
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://127.0.0.1:6999/q?list_limit=0": The list limit must be at least 1, 0 given. <- InvalidArgumentException
Symfony\Component\Messenger\Exception\InvalidArgumentException: Invalid redislock DSN "redislock://****@127.0.0.1:6999/q?bogus=1": RedisQueue::__construct(): Argument #1 ($connection) has an invalid DSN: unknown option "bogus" <- ValueError
-- a server that is not there
send(): Symfony\Component\Messenger\Exception\TransportException <- RedisLockConnectionException
get(): Symfony\Component\Messenger\Exception\TransportException <- RedisLockConnectionException
getMessageCount(): Symfony\Component\Messenger\Exception\TransportException <- RedisLockConnectionException
