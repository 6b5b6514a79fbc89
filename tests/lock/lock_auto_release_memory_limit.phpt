--TEST--
RedisLock: locks held by a script that exceeds memory_limit are released at request shutdown
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* The child must run on PHP's own allocator: with USE_ZEND_ALLOC=0 (as under
 * valgrind) memory_limit is not enforced. */
putenv('USE_ZEND_ALLOC=1');
$child = rl_run_php('
    $name = ' . var_export($name, true) . ';
    $lock = new RedisLock(rl_dsn());
    echo json_encode([$lock->lock("$name:a", 0, 30), $lock->lock("$name:b", 0, 30)]), "\n";
    $hog = [];
    for ($i = 0; $i < 10000000; $i++) {
        $hog[] = str_repeat("x", 200) . $i;
    }
    echo "not reached\n";
', ['memory_limit' => '16M', 'display_errors' => 'stdout']);
$lines = explode("\n", $child['stdout']);
echo $lines[0], "\n";
echo str_contains($child['stdout'], 'Allowed memory size of 16777216 bytes exhausted') ? 'died of: Allowed memory size exhausted' : 'output: ' . $child['stdout'] . $child['stderr'], "\n";
echo str_contains($child['stdout'], 'not reached') ? "went on\n" : '', 'exit ', $child['status'], "\n";
var_dump($raw->call('EXISTS', "Lock:$name:a", "Lock:$name:b"));
?>
--EXPECT--
[true,true]
died of: Allowed memory size exhausted
exit 255
int(0)
