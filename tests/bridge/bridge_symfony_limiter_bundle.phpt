--TEST--
Symfony bundle: redislock.rate_limiters makes redislock.limiter.NAME, a RedisRateLimiterFactory on the bundle's connection
--DESCRIPTION--
A kernel with FrameworkBundle and RedisLockBundle, whose redislock.yaml declares
rate_limiters as framework.rate_limiter declares limiters: the service
redislock.limiter.NAME is a RedisRateLimiterFactory of that config on
redislock.rate_limiter (a \RedisRateLimiter of the bundle's connection), its
limiters consume on the server; a policy the component does not know fails the
build of the container, naming the path, and so does an interval beyond the
supported 100 years. framework_limiters (FrameworkBundle's
own limiters on ours) is refused before symfony 7.3, whose limiters are typed on
the final RateLimiterFactory.
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';
require __DIR__ . '/../harness/limiter_symfony_test.inc';
use RedisLock\Bridge\Symfony\RateLimiter\RedisRateLimiterFactory;

$dsn = rl_dsn();
$id = rl_name();
$kernel = sk_kernel(<<<YAML
redislock:
    connection: '$dsn'
    rate_limiters:
        '$id':
            policy: fixed_window
            limit: 2
            interval: '1 minute'
YAML);
$container = $kernel->getContainer();
$factory = $container->get("redislock.limiter.$id");
var_dump($factory instanceof RedisRateLimiterFactory, $factory->getRedisRateLimiter() instanceof RedisRateLimiter);
$limiter = $factory->create('client');
echo ls_show($limiter->consume()), "\n", ls_show($limiter->consume()), "\n", ls_show($limiter->consume()), "\n";
$limiter->reset();

echo sk_boot_error("redislock:\n    connection: '$dsn'\n    rate_limiters:\n        api: { policy: leaky, limit: 2 }\n"), "\n";
echo sk_boot_error("redislock:\n    connection: '$dsn'\n    rate_limiters:\n        long: { policy: fixed_window, limit: 2, interval: '200 years' }\n"), "\n";
$framework = sk_boot_error("redislock:\n    connection: '$dsn'\n    framework_limiters: true\n");
var_dump(interface_exists(Symfony\Component\RateLimiter\RateLimiterFactoryInterface::class)
    ? $framework === null : str_contains((string) $framework, 'needs symfony/rate-limiter 7.3 or later'));
?>
--EXPECTF--
bool(true)
bool(true)
accepted remaining=1 limit=2
accepted remaining=0 limit=2
refused remaining=0 limit=2
%sInvalid%s"redislock.rate_limiters.api.policy"%s
%sInvalid configuration for path "redislock.rate_limiters.long": The rate limiter option "interval" is "200 years", %d seconds: at most 100 years (3153600000 seconds) are supported.%S
bool(true)
