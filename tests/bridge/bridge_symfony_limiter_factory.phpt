--TEST--
Symfony bridge: RedisRateLimiterFactory builds the three policies from symfony's limiter config; consume() and reset() keep symfony's meanings
--DESCRIPTION--
RedisRateLimiterFactory from the config FrameworkBundle's limiters take (id, policy,
limit, interval, rate: {interval, amount}): its limiters are LimiterInterface, and
(symfony 7.3 and later) the factory a RateLimiterFactoryInterface. fixed_window and
sliding_window accept `limit` hits per `interval` and refuse the next, telling
when to retry; token_bucket accepts a burst of `limit`, then refuses until the
rate refills a token; consume(0) reads without taking; reset() starts afresh; two
keys of one factory are two limiters; no_limit is symfony's NoLimiter; a token
count above the limit is symfony's InvalidArgumentException; a bad config names
the option.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_symfony_test.inc';
use Symfony\Component\RateLimiter\LimiterInterface;

foreach ([
    ['policy' => 'fixed_window', 'limit' => 3, 'interval' => '10 seconds'],
    ['policy' => 'sliding_window', 'limit' => 3, 'interval' => '10 seconds'],
    ['policy' => 'token_bucket', 'limit' => 3, 'rate' => ['interval' => '10 seconds', 'amount' => 1]],
] as $config) {
    $factory = ls_factory($config);
    $limiter = $factory->create('client-1');
    echo $config['policy'], ': ', var_export($limiter instanceof LimiterInterface, true), "\n";
    for ($i = 0; $i < 3; $i++) {
        echo '  ', ls_show($limiter->consume()), "\n";
    }
    $refused = $limiter->consume();
    $retry = $refused->getRetryAfter()->format('U.u') - microtime(true);
    echo '  ', ls_show($refused), ', retry in 0-10 s: ', var_export($retry > 0 && $retry <= 10.1, true), "\n";
    echo '  read: ', ls_show($limiter->consume(0)), "\n";
    echo '  other key: ', ls_show($factory->create('client-2')->consume(2)), "\n";
    $limiter->reset();
    echo '  after reset: ', ls_show($limiter->consume()), "\n";
}

$factory = ls_factory(['policy' => 'fixed_window', 'limit' => 2, 'interval' => '1 minute']);
var_dump($factory instanceof RedisLock\Bridge\Symfony\RateLimiter\RateLimiterFactoryContract);
var_dump(!interface_exists(Symfony\Component\RateLimiter\RateLimiterFactoryInterface::class)
    || $factory instanceof Symfony\Component\RateLimiter\RateLimiterFactoryInterface);
try {
    $factory->create('x')->consume(3);
} catch (InvalidArgumentException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo get_class(ls_factory(['policy' => 'no_limit'])->create('x')), "\n";
foreach ([['policy' => 'leaky'], ['policy' => 'fixed_window', 'limit' => 2, 'interval' => 'soon'],
    ['policy' => 'token_bucket', 'limit' => 2]] as $bad) {
    try {
        ls_factory($bad);
    } catch (InvalidArgumentException $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
fixed_window: true
  accepted remaining=2 limit=3
  accepted remaining=1 limit=3
  accepted remaining=0 limit=3
  refused remaining=0 limit=3, retry in 0-10 s: true
  read: accepted remaining=0 limit=3
  other key: accepted remaining=1 limit=3
  after reset: accepted remaining=2 limit=3
sliding_window: true
  accepted remaining=2 limit=3
  accepted remaining=1 limit=3
  accepted remaining=0 limit=3
  refused remaining=0 limit=3, retry in 0-10 s: true
  read: accepted remaining=0 limit=3
  other key: accepted remaining=1 limit=3
  after reset: accepted remaining=2 limit=3
token_bucket: true
  accepted remaining=2 limit=3
  accepted remaining=1 limit=3
  accepted remaining=0 limit=3
  refused remaining=0 limit=3, retry in 0-10 s: true
  read: accepted remaining=0 limit=3
  other key: accepted remaining=1 limit=3
  after reset: accepted remaining=2 limit=3
bool(true)
bool(true)
InvalidArgumentException: Cannot reserve more tokens (3) than the size of the rate limiter (2).
Symfony\Component\RateLimiter\Policy\NoLimiter
The rate limiter option "policy" must be "token_bucket", "fixed_window", "sliding_window" or "no_limit", got string.
The rate limiter option "interval" cannot be read as an interval: "soon" (use a unit as described on https://www.php.net/datetime.formats.relative).
The rate limiter option "rate" must give an "interval" for the token_bucket policy.
