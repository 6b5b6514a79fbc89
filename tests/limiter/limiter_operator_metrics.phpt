--TEST--
The operator's metrics have a rate limiter family: each limiter's limit (with its policy), tokens left, retry_after and backlog, read without consuming, and an error for a foreign key under the prefix
--FILE--
<?php
require __DIR__ . '/../operator/operator_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
use RedisLock\Bridge\Operator\Inspector;
use RedisLock\Bridge\Operator\Metrics;

$prefix = op_prefix('OpRL');
$raw = new RawRedis();
$l = lim_new(['prefix' => $prefix]);
$l->consume('api', 10, 60, 4);
$l->consume('login', 2, 60, 2, 'fixed_window');
$raw->call('SET', $prefix . 'foreign', 'x');
$before = lim_state($raw, $prefix . 'api');
$inspector = new Inspector(rl_dsn(), limiterPrefix: $prefix);
$text = Metrics::render($inspector, ['limiters']);
foreach (explode("\n", trim($text)) as $line) {
    echo preg_replace('/(retry_after_seconds\{limiter="login"\}) [0-9.]+$/', '$1 <about 60>', $line), "\n";
}
echo 'the limiters were only read: ', lim_yes(lim_state($raw, $prefix . 'api') === $before), "\n";
var_dump($inspector->limiterNames());
$raw->call('DEL', $prefix . 'foreign');
$l->reset('api');
$l->reset('login');
?>
--EXPECT--
# HELP redislock_limiter_limit Tokens per interval of a rate limiter, as the last call that consumed gave it.
# TYPE redislock_limiter_limit gauge
redislock_limiter_limit{limiter="api",policy="token_bucket"} 10
redislock_limiter_limit{limiter="login",policy="fixed_window"} 2
# HELP redislock_limiter_remaining Tokens of a rate limiter left now.
# TYPE redislock_limiter_remaining gauge
redislock_limiter_remaining{limiter="api"} 6
redislock_limiter_remaining{limiter="login"} 0
# HELP redislock_limiter_retry_after_seconds Seconds until a rate limiter allows a token (0 when it does now).
# TYPE redislock_limiter_retry_after_seconds gauge
redislock_limiter_retry_after_seconds{limiter="api"} 0
redislock_limiter_retry_after_seconds{limiter="login"} <about 60>
# HELP redislock_limiter_backlog_seconds Seconds until the place of the last caller waiting on a rate limiter (0 when none waits).
# TYPE redislock_limiter_backlog_seconds gauge
redislock_limiter_backlog_seconds{limiter="api"} 0
redislock_limiter_backlog_seconds{limiter="login"} 0
# HELP redislock_limiter_errors Names under the rate limiter prefix whose state the server refused to read: 1 each.
# TYPE redislock_limiter_errors gauge
redislock_limiter_errors{limiter="foreign"} 1
the limiters were only read: yes
array(3) {
  [0]=>
  string(3) "api"
  [1]=>
  string(7) "foreign"
  [2]=>
  string(5) "login"
}
