<?php
/* The page bench/fpm.php requests from the throwaway php-fpm: one RedisLock, one
 * lock + unlock of an uncontended name, and the body "ok" (anything else is a
 * failure).
 *
 *   query string   variant=persistent (new RedisLock([..., 'persistent' => true]))
 *                  or variant=fresh (a new connection in every request)
 *   FastCGI params REDIS_HOST + REDIS_PORT, or REDIS_SOCKET; REDIS_USER,
 *                  REDIS_PASSWORD and REDIS_DATABASE when set; LOCK_NAME
 *
 * The response header X-Fpm-Pid names the worker that served the request, so
 * the client knows when every worker has been warmed up. */

declare(strict_types=1);

$variant = $_GET['variant'] ?? '';
$name = $_SERVER['LOCK_NAME'] ?? '';
if (($variant !== 'persistent' && $variant !== 'fresh') || $name === '') {
    http_response_code(400);
    echo "bad request: variant=persistent|fresh and the LOCK_NAME param are required\n";
    return;
}

if (($_SERVER['REDIS_SOCKET'] ?? '') !== '') {
    $options = ['socket' => $_SERVER['REDIS_SOCKET']];
} else {
    $options = ['host' => $_SERVER['REDIS_HOST'] ?? '127.0.0.1', 'port' => (int) ($_SERVER['REDIS_PORT'] ?? 6379)];
}
if (($_SERVER['REDIS_USER'] ?? '') !== '') {
    $options['user'] = $_SERVER['REDIS_USER'];
}
if (($_SERVER['REDIS_PASSWORD'] ?? '') !== '') {
    $options['password'] = $_SERVER['REDIS_PASSWORD'];
}
if ((int) ($_SERVER['REDIS_DATABASE'] ?? 0) !== 0) {
    $options['database'] = (int) $_SERVER['REDIS_DATABASE'];
}
if ($variant === 'persistent') {
    $options['persistent'] = true;
}

header('X-Fpm-Pid: ' . getmypid());
$lock = new RedisLock($options);
if (!$lock->lock($name)) {
    echo 'lock() returned false';
} elseif (!$lock->unlock($name)) {
    echo 'unlock() returned false';
} else {
    echo 'ok';
}
