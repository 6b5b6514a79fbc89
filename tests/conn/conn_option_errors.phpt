--TEST--
RedisLock::__construct(): an unknown option or a bad value throws ValueError naming it; a value of the wrong type throws TypeError
--FILE--
<?php
$cases = [
    ['frobnicate' => 1], ['Host' => '127.0.0.1'], [0 => '127.0.0.1'],
    ['host' => ''], ['port' => 0], ['port' => 70000], ['database' => -1], ['socket' => ''],
    ['socket' => '/run/redis.sock', 'host' => '127.0.0.1'], ['connect_timeout' => 0], ['read_timeout' => -1],
    ['read_timeout' => NAN], ['connect_timeout' => INF], ['user' => 'bob'],
    ['host' => 1], ['port' => '6999'], ['port' => 6999.0], ['database' => '1'], ['read_timeout' => '1'],
    ['prefix' => null], ['prefix' => 1], ['auto_release' => 1], ['user' => 5, 'password' => 'x'], ['password' => []],
];
foreach ($cases as $options) {
    try {
        new RedisLock($options);
        echo "accepted: ", json_encode($options), "\n";
    } catch (ValueError|TypeError $e) {
        echo get_class($e), ': ', str_replace('RedisLock::__construct(): Argument #1 ($connection) ', '', $e->getMessage()), "\n";
    }
}
?>
--EXPECT--
ValueError: contains an unknown option "frobnicate"
ValueError: contains an unknown option "Host"
ValueError: must be an array of named options, unknown option 0 given
ValueError: option "host" must be between 1 and 255 bytes long
ValueError: has an invalid option "port": port must be between 1 and 65535
ValueError: has an invalid option "port": port must be between 1 and 65535
ValueError: option "database" must be between 0 and 2147483647
ValueError: option "socket" must not be empty
ValueError: must not combine option "socket" with "host" or "port"
ValueError: option "connect_timeout" must be a finite number of seconds between 0.001 and 1e9
ValueError: option "read_timeout" must be a finite number of seconds between 0.001 and 1e9
ValueError: option "read_timeout" must be a finite number of seconds between 0.001 and 1e9
ValueError: option "connect_timeout" must be a finite number of seconds between 0.001 and 1e9
ValueError: names a user but no password
TypeError: option "host" must be of type string, int given
TypeError: option "port" must be of type int, string given
TypeError: option "port" must be of type int, float given
TypeError: option "database" must be of type int, string given
TypeError: option "read_timeout" must be of type float, string given
TypeError: option "prefix" must be of type string, null given
TypeError: option "prefix" must be of type string, int given
TypeError: option "auto_release" must be of type bool, int given
TypeError: option "user" must be of type ?string, int given
TypeError: option "password" must be of type ?string, array given
