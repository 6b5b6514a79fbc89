--TEST--
RedisLock::__construct(): the ValueError for a malformed DSN never repeats a password it contains, in the userinfo or in the query
--FILE--
<?php
$dsns = [
    'tcp://:Sesame1@127.0.0.1:6999',
    'redis//alice:Sesame2@127.0.0.1',
    'redis://:Sesame3@127.0.0.1:notaport',
    'redis://alice:Sesame4@127.0.0.1:6999?bogus=1',
    'redis://127.0.0.1:6999?password=Sesame5&timeout',
    'redis:/127.0.0.1:6999?password=Sesame6',
    '127.0.0.1:6999?user=alice&password=Sesame7',
    'unix:///run/redis.sock?password=Sesame8&db=x',
];
foreach ($dsns as $i => $dsn) {
    try {
        new RedisLock($dsn);
        echo "#$i accepted\n";
    } catch (ValueError $e) {
        echo "#$i ", str_contains($e->getMessage(), 'Sesame') ? 'SHOWS THE PASSWORD: ' . $e->getMessage() : 'hidden', "\n";
    }
}
?>
--EXPECT--
#0 hidden
#1 hidden
#2 hidden
#3 hidden
#4 hidden
#5 hidden
#6 hidden
#7 hidden
