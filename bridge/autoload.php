<?php
/*
 * The bridge without Composer: require this file, and the RedisLock\Bridge\
 * classes load from src/ (PSR-4, as composer.json declares). The framework's own
 * classes (symfony/lock, symfony/semaphore, illuminate/cache) must be loadable by
 * the application's autoloader.
 */
spl_autoload_register(static function (string $class): void {
    $prefix = 'RedisLock\\Bridge\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
