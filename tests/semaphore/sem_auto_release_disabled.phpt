--TEST--
RedisSemaphore: with auto_release off (option or DSN), destroying the object or ending the script leaves the permits held until their own expiry
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$observer = sem_new();
foreach ([rl_options(['auto_release' => false]), rl_dsn() . '?auto_release=0'] as $i => $connection) {
    $sem = new RedisSemaphore($connection);
    $t = $sem->acquire("$name:$i", 5, 0, 10, 2);
    unset($sem);
    $left = (int) $raw->call('ZSCORE', sem_key("$name:$i"), (string) $t) - ho_redis_ms($raw);
    echo "$i: kept ", $observer->count("$name:$i"), ', deadline untouched: ', sem_yes($left > 9000 && $left <= 10000, $left), "\n";
    var_dump($observer->release("$name:$i", $t));
}
$child = rl_run_php('
    $sem = new RedisSemaphore(' . var_export(rl_dsn() . '?auto_release=0', true) . ');
    echo json_encode(is_string($sem->acquire(' . var_export("$name:end", true) . ', 5, 0, 10, 3))), "\n";
');
echo $child['stdout'], $child['stderr'], 'exit ', $child['status'], "\n";
var_dump($observer->count("$name:end"));
$raw->call('DEL', sem_key("$name:end"));
/* auto_release => true is the default and releases. */
$sem = new RedisSemaphore(rl_options(['auto_release' => true]));
$sem->acquire("$name:on", 5);
unset($sem);
var_dump($observer->count("$name:on"));
?>
--EXPECT--
0: kept 2, deadline untouched: yes
bool(true)
1: kept 2, deadline untouched: yes
bool(true)
true
exit 0
int(3)
int(0)
