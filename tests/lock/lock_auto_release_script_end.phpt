--TEST--
RedisLock: locks still held when a script ends normally are released (global object, object in a reference cycle)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$child = rl_run_php('
    $name = ' . var_export($name, true) . ';
    $lock = new RedisLock(rl_dsn());
    $cycle = new stdClass;
    $cycle->self = $cycle;
    $cycle->lock = new RedisLock(rl_dsn());
    echo json_encode([$lock->lock("$name:a", 0, 30), $lock->lock("$name:b", 0, 30), $cycle->lock->lock("$name:c", 0, 30)]), "\n";
    echo (new RawRedis())->call("EXISTS", "Lock:$name:a", "Lock:$name:b", "Lock:$name:c"), "\n";
');
echo $child['stdout'], $child['stderr'], 'exit ', $child['status'], "\n";
var_dump($raw->call('EXISTS', "Lock:$name:a", "Lock:$name:b", "Lock:$name:c"));
?>
--EXPECT--
[true,true,true]
3
exit 0
int(0)
