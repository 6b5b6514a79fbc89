<?php
/*
 * PHPUnit bootstrap for bridge/tests/symfony/run: Debian's symfony/lock and
 * symfony/semaphore (/usr/share/php), the bridge, and symfony's own store test
 * cases from the upstream source that run fetched (SYMFONY_SOURCE, set only when
 * Debian serves the source of the installed version), none of which is committed
 * here.
 */

declare(strict_types=1);

foreach (['REDISLOCK_TEST_PORT'] as $var) {
    if (getenv($var) === false || getenv($var) === '') {
        fwrite(STDERR, "$var is not set: run these tests with bridge/tests/symfony/run\n");
        exit(1);
    }
}
if (!extension_loaded('redislock')) {
    fwrite(STDERR, "the redislock extension is not loaded: run these tests with bridge/tests/symfony/run\n");
    exit(1);
}

require_once '/usr/share/php/Symfony/Component/Lock/autoload.php';
require_once '/usr/share/php/Symfony/Component/Semaphore/autoload.php';
require_once __DIR__ . '/../../autoload.php';

/* Symfony\Component\{Lock,Semaphore}\Tests\ from the upstream source. */
spl_autoload_register(static function (string $class): void {
    if (!preg_match('/^Symfony\\\\Component\\\\(Lock|Semaphore)\\\\Tests\\\\(.+)$/', $class, $m)) {
        return;
    }
    if ((string) getenv('SYMFONY_SOURCE') === '') {
        return;
    }
    $file = getenv('SYMFONY_SOURCE') . '/src/Symfony/Component/' . $m[1] . '/Tests/' . str_replace('\\', '/', $m[2]) . '.php';
    if (is_file($file)) {
        require $file;
    }
});

/** The DSN of the Redis server under test. */
function redislock_symfony_test_dsn(): string
{
    return 'redis://127.0.0.1:' . getenv('REDISLOCK_TEST_PORT');
}
