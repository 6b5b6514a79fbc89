--TEST--
RedisLock: locks held by a script that dies of a fatal error (uncaught Error) are released at request shutdown
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$child = rl_run_php('
    $name = ' . var_export($name, true) . ';
    $lock = new RedisLock(rl_dsn());
    function work(RedisLock $lock, string $name) {
        $inner = new RedisLock(rl_dsn());
        echo json_encode([$lock->lock("$name:a", 0, 30), $inner->lock("$name:b", 0, 30)]), "\n";
        this_function_does_not_exist();
    }
    work($lock, $name);
    echo "not reached\n";
', ['display_errors' => 'stdout']);
$lines = explode("\n", $child['stdout']);
echo $lines[0], "\n";
echo str_contains($child['stdout'], 'Uncaught Error: Call to undefined function this_function_does_not_exist()') ? 'died of: Uncaught Error: Call to undefined function' : 'output: ' . $child['stdout'] . $child['stderr'], "\n";
echo str_contains($child['stdout'], 'not reached') ? "went on\n" : '', 'exit ', $child['status'], "\n";
var_dump($raw->call('EXISTS', "Lock:$name:a", "Lock:$name:b"));
?>
--EXPECT--
[true,true]
died of: Uncaught Error: Call to undefined function
exit 255
int(0)
