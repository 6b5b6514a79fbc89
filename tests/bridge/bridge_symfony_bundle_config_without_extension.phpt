--TEST--
Symfony bridge: the bundle's configuration is processed by a PHP without the extension (a build stage), bounds then left to the extension; with it, the same bounds and messages
--DESCRIPTION--
A container is often compiled where the extension is not loaded (a build stage's
cache:clear or cache:warmup, config:dump-reference): the configuration tree of the
bundle must not need the extension's classes. Without the extension, a value's
type is checked and its bounds are left to the extension, which checks them when
it takes the value (wait_timeout then defaults to the lock store's own). With the
extension, the bounds are its class constants, in the same messages. Each run is a
PHP started with -n, once without the extension and once with it; precision=17
shows that the messages do not depend on that setting.
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$code = <<<'PHP'
require_once 'Symfony/Component/Config/autoload.php';
require_once $argv[1] . '/bridge/autoload.php';
var_dump(extension_loaded('redislock'));
$processor = new Symfony\Component\Config\Definition\Processor();
foreach ([[], ['lease' => 7200], ['lease' => 0.01], ['lease' => 'ten'], ['initial_ttl' => 2e9], ['wait_timeout' => 2e9], ['lease' => 0.05, 'wait_timeout' => 5]] as $config) {
    try {
        $r = $processor->processConfiguration(new RedisLock\Bridge\Symfony\DependencyInjection\Configuration(), [['connection' => 'redis://127.0.0.1'] + $config]);
        echo json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
PHP;
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
foreach ([[], ['-d', 'extension=' . rl_extension_path()]] as $ext) {
    $cmd = array_merge([$php, '-n', '-d', 'precision=17'], $ext, ['-r', $code, dirname(__DIR__, 2)]);
    $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
    echo stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    proc_close($proc);
}
?>
--EXPECT--
bool(false)
{"connection":"redis:\/\/127.0.0.1","lease":10,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"wait_timeout":null,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
{"connection":"redis:\/\/127.0.0.1","lease":7200,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"wait_timeout":null,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
{"connection":"redis:\/\/127.0.0.1","lease":0.01,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"wait_timeout":null,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: Invalid configuration for path "redislock.lease": Expected a number of seconds, or false, got "ten".
{"connection":"redis:\/\/127.0.0.1","initial_ttl":2000000000,"lease":10,"lock_factory":false,"rate_limiters":[],"framework_limiters":false,"wait_timeout":null,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
{"connection":"redis:\/\/127.0.0.1","wait_timeout":2000000000,"lease":10,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
{"connection":"redis:\/\/127.0.0.1","lease":0.05,"wait_timeout":5,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
bool(true)
{"connection":"redis:\/\/127.0.0.1","lease":10,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"wait_timeout":1000000000,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: Invalid configuration for path "redislock.lease": Expected a number of seconds between 0.05 and 3600, or false, got 7200.
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: Invalid configuration for path "redislock.lease": Expected a number of seconds between 0.05 and 3600, or false, got 0.01.
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: Invalid configuration for path "redislock.lease": Expected a number of seconds between 0.05 and 3600, or false, got "ten".
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: The value 2000000000 is too big for path "redislock.initial_ttl". Should be less than or equal to 1000000000
Symfony\Component\Config\Definition\Exception\InvalidConfigurationException: The value 2000000000 is too big for path "redislock.wait_timeout". Should be less than or equal to 1000000000
{"connection":"redis:\/\/127.0.0.1","lease":0.05,"wait_timeout":5,"lock_factory":false,"initial_ttl":300,"rate_limiters":[],"framework_limiters":false,"dashboard":{"enabled":false,"role":"ROLE_ADMIN","actions":false}}
