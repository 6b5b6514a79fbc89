--TEST--
RedisLock: var_dump, print_r, var_export, debug_zval_dump and casts of an object with a password never show the password
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$objects = [
    new RedisLock("redis://alice:wonderland@$host:$port"),
    new RedisLock("redis://:secret@$host:$port/2"),
    new RedisLock("redis://$host:$port?user=alice&password=wonderland"),
    new RedisLock(['host' => $host, 'port' => $port, 'user' => 'alice', 'password' => 'wonderland']),
];
/* Connected and holding a lock, too. */
$name = rl_name();
var_dump($objects[0]->lock($name));
foreach ($objects as $i => $lock) {
    ob_start();
    var_dump($lock);
    print_r($lock);
    var_export($lock);
    debug_zval_dump($lock);
    var_dump((array) $lock, get_object_vars($lock), json_encode($lock));
    $out = ob_get_clean();
    echo "#$i ", str_contains($out, 'wonderland') || str_contains($out, 'secret') ? 'SHOWS THE PASSWORD' : 'hidden',
        ', ', str_contains($out, '["password"]=>' . "\n" . '  bool(true)') ? 'says there is one' : 'does not say there is one', "\n";
}
var_dump($objects[0]->unlock($name));
?>
--EXPECT--
bool(true)
#0 hidden, says there is one
#1 hidden, says there is one
#2 hidden, says there is one
#3 hidden, says there is one
bool(true)
