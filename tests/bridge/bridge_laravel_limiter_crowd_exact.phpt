--TEST--
Laravel bridge: RateLimiter::attempt() from 32 processes at once admits exactly the limit on ours (Laravel's own redis store is counted)
--DESCRIPTION--
32 forked processes, released together, each call RateLimiter::attempt() 8 times on
one key with a limit of 20 per 60 s window: on our RateLimiter exactly 20 callbacks
run. The same crowd on Laravel's own RateLimiter over its redis store (phpredis, the
same server), which reads the count, then increments it in separate commands, is
counted and shown, not asserted: it admits 20 or more, more whenever two
processes read the count between another's read and its increment.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';

const PROCESSES = 32, ATTEMPTS = 8, LIMIT = 20;

$key = 'sale|' . rl_name();
echo 'redislock store: ', lt_crowd('limits', $key, PROCESSES, ATTEMPTS, LIMIT), " admitted of ", PROCESSES * ATTEMPTS, "\n";

// Laravel's redis store needs phpredis: a PHP that has it (rl_phpredis_command).
$file = rl_php_file('require ' . var_export(__DIR__ . '/../harness/limiter_laravel_test.inc', true) . ';'
    . 'echo lt_crowd("redis", ' . var_export($key, true) . ', ' . PROCESSES . ', ' . ATTEMPTS . ', ' . LIMIT . ');');
$peer = proc_open(rl_phpredis_command($file, ['mbstring', 'posix']), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$theirs = stream_get_contents($pipes[1]);
$errors = stream_get_contents($pipes[2]);
proc_close($peer);
if (!preg_match('/^\d+$/', trim($theirs))) {
    echo "Laravel's redis store did not run: $theirs $errors\n";
}
$theirs = (int) $theirs;
echo "Laravel's redis store: $theirs admitted of ", PROCESSES * ATTEMPTS, "\n";
(new RawRedis)->call('DEL', 'crowd:' . $key, 'crowd:' . $key . ':timer');
?>
--EXPECTF--
redislock store: 20 admitted of 256
Laravel's redis store: %d admitted of 256
