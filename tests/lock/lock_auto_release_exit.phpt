--TEST--
RedisLock: exit() in the middle of a script releases the locks of global and local objects
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$child = rl_run_php('
    $name = ' . var_export($name, true) . ';
    $lock = new RedisLock(rl_dsn());
    function work(string $name) {
        $local = new RedisLock(rl_dsn());
        echo json_encode($local->lock("$name:b", 0, 30)), "\n";
        exit(3);
    }
    echo json_encode($lock->lock("$name:a", 0, 30)), "\n";
    work($name);
    echo "not reached\n";
');
echo $child['stdout'], $child['stderr'], 'exit ', $child['status'], "\n";
var_dump($raw->call('EXISTS', "Lock:$name:a", "Lock:$name:b"));
?>
--EXPECT--
true
true
exit 3
int(0)
