<?php

/*
 * The dashboard's route (RedisLock\Bridge\Symfony\DashboardController), to
 * import under a prefix of the application's:
 *
 *     redislock_dashboard:
 *         resource: '@RedisLockBundle/Resources/config/routes/dashboard.php'
 *         prefix: /redislock
 */

declare(strict_types=1);

use Symfony\Component\Routing\Loader\Configurator\RoutingConfigurator;

return static function (RoutingConfigurator $routes): void {
    $routes->add('redislock_dashboard', '/{page}')
        ->controller('redislock.dashboard.controller')
        ->requirements(['page' => '.*'])
        ->defaults(['page' => ''])
        ->methods(['GET', 'HEAD', 'POST']);
};
