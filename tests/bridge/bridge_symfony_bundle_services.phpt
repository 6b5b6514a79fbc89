--TEST--
Symfony bundle: a kernel with RedisLockBundle has the lock factory, semaphore store, Messenger transport and console command on our store
--DESCRIPTION--
Symfony bundle: a kernel with FrameworkBundle and RedisLockBundle, configured by
config/packages/redislock.yaml, has lock.factory and LockFactory on our store (a
lock lands in Redis with the lease as its lifetime), the semaphore store, the
redislock:// Messenger transport and the console command
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\Console\RedisLockCommand;
use RedisLock\Bridge\Symfony\Messenger\RedisLockTransport;
use RedisLock\Bridge\Symfony\RedisLockStore;
use RedisLock\Bridge\Symfony\RedisSemaphoreStore;
use Symfony\Bundle\FrameworkBundle\Console\Application;
use Symfony\Component\Console\Command\LazyCommand;
use Symfony\Component\Lock\LockFactory;

// The connection from the environment, as an application has it.
putenv('REDISLOCK_DSN=' . rl_dsn());
$_SERVER['REDISLOCK_DSN'] = rl_dsn();
$jobs = 'redislock://' . rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT') . '/' . rl_name();
$kernel = sk_kernel(<<<YAML
redislock:
    connection: '%env(REDISLOCK_DSN)%'
    lease: 2
    lock_factory: true
YAML, <<<YAML
    messenger:
        transports:
            jobs: '$jobs'
YAML);
$container = $kernel->getContainer();
$services = $container->get('test.service_container');

$factory = $container->get('lock.factory');
var_dump($factory instanceof LockFactory, $container->get(LockFactory::class) === $factory);
$store = (new ReflectionProperty(LockFactory::class, 'store'))->getValue($factory);
var_dump($store === $services->get(RedisLockStore::class));

$name = rl_name();
$lock = $factory->createLock($name, 60);
var_dump($lock->acquire());
$raw = new RawRedis();
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 1000 && $pttl <= 2000);   // the lease, not symfony's 60 s
$lock->release();
var_dump($raw->call('EXISTS', "Lock:$name"));

var_dump($services->get(RedisSemaphoreStore::class) instanceof RedisSemaphoreStore);
var_dump($services->get('messenger.transport.jobs') instanceof RedisLockTransport);
$application = new Application($kernel);
$command = $application->find('redislock');
var_dump(($command instanceof LazyCommand ? $command->getCommand() : $command) instanceof RedisLockCommand);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
