--TEST--
RedisRateLimiter: var_dump() shows the connection's settings and prefix but never the password, and phpinfo() lists the class
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$l = new RedisRateLimiter(rl_options(['password' => 'secret-pw', 'prefix' => 'Api:']));
$dump = print_r($l, true);
echo 'prefix shown: ', lim_yes(str_contains($dump, '[prefix] => Api:'), $dump), "\n";
echo 'password hidden: ', lim_yes(!str_contains($dump, 'secret-pw'), $dump), "\n";
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
echo 'phpinfo lists the class: ', lim_yes(preg_match('/Classes => .*RedisRateLimiter/', $info) === 1), "\n";
echo 'not serializable: ', lim_error(fn () => serialize($l)), "\n";
?>
--EXPECT--
prefix shown: yes
password hidden: yes
phpinfo lists the class: yes
not serializable: Exception: Serialization of 'RedisRateLimiter' is not allowed
