--TEST--
Symfony bridge: token_bucket refills rate.amount at each whole rate.interval and a fixed window of "2 years" counts, as symfony's own limiters decide; a config out of range fails at once
--DESCRIPTION--
The same calls go to a limiter of RedisRateLimiterFactory and to one of
symfony's own RateLimiterFactory (InMemoryStorage), made from the same config:
- token_bucket of 4, refilled by 4 every 4 seconds: 4 accepted, then refused,
  and still refused 1.5 s after the first (symfony adds the 4 tokens at once,
  at 4 s; a bucket that gives one back every second would accept);
- fixed_window of 2 per "2 years": 2 accepted, the third refused (no
  exception from consume());
- an interval of "200 years", or a token bucket that takes 100 years to refill:
  the factory's constructor throws InvalidArgumentException naming the option.
--INI--
extension=mbstring
--FILE--
<?php
require __DIR__ . '/../harness/limiter_symfony_test.inc';
foreach (['OptionsResolver'] as $c) {
    require_once "/usr/share/php/Symfony/Component/$c/autoload.php";
}
use Symfony\Component\RateLimiter\RateLimiterFactory;
use Symfony\Component\RateLimiter\Storage\InMemoryStorage;

$compare = function (array $config, array $steps): void {
    $config['id'] = rl_name();
    $ours = ls_factory($config)->create('k');
    $theirs = (new RateLimiterFactory($config, new InMemoryStorage()))->create('k');
    $start = microtime(true);
    $a = $b = [];
    foreach ($steps as [$at, $tokens]) {
        l4_until(fn () => microtime(true) >= $start + $at, 10.0);
        $a[] = $ours->consume($tokens)->isAccepted() ? 'accepted' : 'refused';
        $b[] = $theirs->consume($tokens)->isAccepted() ? 'accepted' : 'refused';
    }
    echo $config['policy'], ': ', implode(' ', $a), "\n";
    echo '  the same as symfony\'s: ', $a === $b ? 'yes' : 'no (' . implode(' ', $b) . ')', "\n";
};
$compare(['policy' => 'token_bucket', 'limit' => 4, 'rate' => ['interval' => '4 seconds', 'amount' => 4]],
    [[0, 4], [0, 1], [1.5, 1], [1.5, 1]]);
$compare(['policy' => 'fixed_window', 'limit' => 2, 'interval' => '2 years'], [[0, 1], [0, 1], [0, 1]]);
foreach ([
    ['policy' => 'fixed_window', 'limit' => 2, 'interval' => '200 years'],
    ['policy' => 'token_bucket', 'limit' => 100, 'rate' => ['interval' => '1 year', 'amount' => 1]],
] as $config) {
    try {
        ls_factory($config);
        echo "made\n";
    } catch (InvalidArgumentException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
token_bucket: accepted refused refused refused
  the same as symfony's: yes
fixed_window: accepted accepted refused
  the same as symfony's: yes
InvalidArgumentException: The rate limiter option "interval" is "200 years", %d seconds: at most 100 years (3153600000 seconds) are supported.
InvalidArgumentException: The rate limiter options "limit" and "rate" make a bucket that takes %d seconds to refill, more than ten years (315360000 seconds).
