--TEST--
RedisLatch: var_dump() shows the connection's settings and prefix but never the password, phpinfo() lists the class, and an object is neither serializable nor clonable
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$l = new RedisLatch(rl_options(['password' => 'secret-pw', 'prefix' => 'Gate:']));
$dump = print_r($l, true);
ob_start();
var_dump($l);
$dump .= ob_get_clean();
echo 'prefix shown: ', la_yes(str_contains($dump, '[prefix] => Gate:'), $dump), "\n";
echo 'password hidden: ', la_yes(!str_contains($dump, 'secret-pw'), $dump), "\n";
$d = new RedisLatch(rl_dsn());
echo 'the default prefix shown: ', la_yes(str_contains(print_r($d, true), '[prefix] => Latch:'), print_r($d, true)), "\n";
$dsn = new RedisLatch('redis://:dsn-secret@127.0.0.1:' . rl_dead_port());
echo 'a DSN\'s password hidden: ', la_yes(!str_contains(print_r($dsn, true), 'dsn-secret') && !str_contains(var_export($dsn, true), 'dsn-secret'), print_r($dsn, true)), "\n";
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
echo 'phpinfo lists the class: ', la_yes(preg_match('/Classes => .*RedisLatch/', $info) === 1), "\n";
echo 'not serializable: ', la_error(fn () => serialize($l)), "\n";
echo 'not unserializable: ', la_error(fn () => unserialize('O:10:"RedisLatch":0:{}')), "\n";
echo 'not clonable: ', la_error(fn () => clone $l), "\n";
echo 'a sibling: ', la_error(fn () => clone new RedisRateLimiter(rl_dsn())), "\n";
?>
--EXPECT--
prefix shown: yes
password hidden: yes
the default prefix shown: yes
a DSN's password hidden: yes
phpinfo lists the class: yes
not serializable: Exception: Serialization of 'RedisLatch' is not allowed
not unserializable: Exception: Unserialization of 'RedisLatch' is not allowed
not clonable: Error: Trying to clone an uncloneable object of class RedisLatch
a sibling: Error: Trying to clone an uncloneable object of class RedisRateLimiter
