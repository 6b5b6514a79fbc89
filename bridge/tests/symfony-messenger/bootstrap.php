<?php
/*
 * PHPUnit bootstrap for bridge/tests/symfony-messenger/run: Debian's
 * symfony/messenger, event-dispatcher and dependency-injection (/usr/share/php),
 * the bridge, symfony's own Messenger tests from the upstream source that run
 * fetched (SYMFONY_SOURCE; nothing of theirs is committed here), and the
 * adapters that put our transport where those tests use their in-memory one.
 */

declare(strict_types=1);

foreach (['REDISLOCK_TEST_PORT', 'SYMFONY_SOURCE'] as $var) {
    if (getenv($var) === false || getenv($var) === '') {
        fwrite(STDERR, "$var is not set: run these tests with bridge/tests/symfony-messenger/run\n");
        exit(1);
    }
}
if (!extension_loaded('redislock')) {
    fwrite(STDERR, "the redislock extension is not loaded: run these tests with bridge/tests/symfony-messenger/run\n");
    exit(1);
}

require_once '/usr/share/php/Symfony/Component/Messenger/autoload.php';
require_once '/usr/share/php/Symfony/Component/EventDispatcher/autoload.php';
require_once '/usr/share/php/Symfony/Component/DependencyInjection/autoload.php';
require_once __DIR__ . '/../../autoload.php';
require_once __DIR__ . '/upstream/adapters.php';

/* Symfony\Component\Messenger\Tests\ (fixtures) from the upstream source. */
spl_autoload_register(static function (string $class): void {
    $prefix = 'Symfony\\Component\\Messenger\\Tests\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = getenv('SYMFONY_SOURCE') . '/src/Symfony/Component/Messenger/Tests/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});

/** A DSN of the Redis server under test for the queue $name, with a query. */
function redislock_messenger_test_dsn(string $name, string $query = ''): string
{
    return 'redislock://127.0.0.1:' . getenv('REDISLOCK_TEST_PORT') . '/' . rawurlencode($name) . ($query === '' ? '' : "?$query");
}
