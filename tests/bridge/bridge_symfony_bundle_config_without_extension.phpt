--TEST--
Symfony bridge: the bundle's configuration is processed (defaults, bounds, their messages) by a PHP without the redislock extension, as when a build stage compiles the container
--DESCRIPTION--
A container is often compiled where the extension is not loaded (a build stage's
cache:clear or cache:warmup, config:dump-reference): the configuration tree of the
bundle must not need the extension's classes. Run in a PHP started with -n, so
without the extension: the defaults and each bound with its message.
--FILE--
<?php
$code = <<<'PHP'
require_once 'Symfony/Component/Config/autoload.php';
require_once $argv[1] . '/bridge/autoload.php';
var_dump(extension_loaded('redislock'));
$processor = new Symfony\Component\Config\Definition\Processor();
foreach ([[], ['lease' => 7200], ['lease' => 0.01], ['initial_ttl' => 2e9], ['wait_timeout' => 2e9], ['lease' => 0.05, 'wait_timeout' => 5]] as $config) {
    try {
        $r = $processor->processConfiguration(new RedisLock\Bridge\Symfony\DependencyInjection\Configuration(), [['connection' => 'redis://127.0.0.1'] + $config]);
        echo json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
PHP;
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
passthru(escapeshellarg($php) . ' -n -r ' . escapeshellarg($code) . ' ' . escapeshellarg(dirname(__DIR__, 2)) . ' 2>&1');
?>
--EXPECT--
bool(false)
{"connection":"redis:\/\/127.0.0.1","lease":10,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"wait_timeout":1000000000}
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: Invalid configuration for path "redislock.lease": Expected a number of seconds between 0.05 and 3600, or false, got 7200.
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: Invalid configuration for path "redislock.lease": Expected a number of seconds between 0.05 and 3600, or false, got 0.01.
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: The value 2000000000 is too big for path "redislock.initial_ttl". Should be less than or equal to 1000000000
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: The value 2000000000 is too big for path "redislock.wait_timeout". Should be less than or equal to 1000000000
{"connection":"redis:\/\/127.0.0.1","lease":0.05,"wait_timeout":5,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false}
