--TEST--
RedisLock: with auto_release off (option or DSN), destroying the object or ending the script leaves the locks to their TTL
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
foreach ([rl_options(['auto_release' => false]), rl_dsn() . '?auto_release=0', rl_dsn() . '?auto_release=false'] as $i => $connection) {
    $lock = new RedisLock($connection);
    var_dump($lock->lock("$name:$i", 0, 10));
    unset($lock);
    $pttl = $raw->call('PTTL', "Lock:$name:$i");
    var_dump($pttl > 9000 && $pttl <= 10000);
}
/* The same at the end of another script. */
$child = rl_run_php('
    $lock = new RedisLock(' . var_export(rl_dsn() . '?auto_release=0', true) . ');
    echo json_encode($lock->lock(' . var_export("$name:end", true) . ', 0, 10)), "\n";
');
echo $child['stdout'], $child['stderr'], 'exit ', $child['status'], "\n";
var_dump($raw->call('EXISTS', "Lock:$name:end"));
/* auto_release => true is the default and releases. */
$lock = new RedisLock(rl_options(['auto_release' => true]));
var_dump($lock->lock("$name:on"));
unset($lock);
var_dump($raw->call('EXISTS', "Lock:$name:on"));
$raw->call('DEL', "Lock:$name:0", "Lock:$name:1", "Lock:$name:2", "Lock:$name:end");
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
true
exit 0
int(1)
bool(true)
int(0)
