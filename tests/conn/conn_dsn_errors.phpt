--TEST--
RedisLock::__construct(): a malformed DSN throws ValueError at construction, naming what is wrong
--FILE--
<?php
$dsns = ['', 'localhost:7', 'http://127.0.0.1', 'redis://', 'redis://:7', 'redis://127.0.0.1:0',
    'redis://127.0.0.1:65536', 'redis://127.0.0.1:12ab', 'redis://127.0.0.1/abc', 'redis://[::1',
    'redis://127.0.0.1?db', 'redis://127.0.0.1?frobnicate=1', 'redis://127.0.0.1?read_timeout=0',
    'redis://127.0.0.1?auto_release=maybe', "redis://127.0.0.1\0:7", 'unix://relative.sock',
    'redis://127.0.0.1?user=bob'];
foreach ($dsns as $dsn) {
    try {
        new RedisLock($dsn);
        echo "accepted: ", json_encode($dsn), "\n";
    } catch (ValueError $e) {
        echo str_replace('RedisLock::__construct(): Argument #1 ($connection) ', '', $e->getMessage()), "\n";
    }
}
?>
--EXPECT--
must be a DSN of the form redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...], "" given
must be a DSN of the form redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...], "localhost:7" given
must be a DSN of the form redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...], "http://127.0.0.1" given
must be a DSN of the form redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...], "redis://" given
has an invalid DSN: the host is missing
has an invalid DSN: port must be between 1 and 65535
has an invalid DSN: port must be between 1 and 65535
has an invalid DSN: the port must be a number
has an invalid DSN: the database after '/' must be a non-negative integer
has an invalid DSN: unterminated IPv6 address
has an invalid DSN: option "db" has no value
has an invalid DSN: unknown option "frobnicate"
has an invalid DSN: read_timeout must be a number of seconds between 0.001 and 1e9
has an invalid DSN: auto_release must be 0 or 1
must not contain any null bytes
has an invalid DSN: unix:// needs an absolute socket path, as in unix:///run/redis.sock
names a user but no password
