<?php

namespace RedisLock\Bridge\Tests\Laravel\Contract;

use Illuminate\Cache\ArrayStore;
use Illuminate\Cache\NullStore;
use Illuminate\Foundation\Testing\Concerns\InteractsWithRedis;
use Illuminate\Support\Facades\Cache;
use Orchestra\Testbench\TestCase;
use RedisLock\Bridge\Laravel\ConnectionConfig;
use RedisLock\Bridge\Laravel\LockProvider;
use RedisLock\Bridge\Laravel\LockStore;
use RedisLock\Bridge\Laravel\RedisLockServiceProvider;

/**
 * Our own contract tests of the Laravel adapter, run against the Illuminate
 * packages that are installed (8.83, 10.48 or 13.x): the cache store contract of
 * that version, the base Lock class's semantics, the lifetime conventions, and
 * config/database.php's connection forms as Laravel's own ConfigurationUrlParser
 * reads them. They run beside Laravel's RedisCacheLockTest where Debian serves
 * its source, and in its place where it does not.
 */
class LockContractTest extends TestCase
{
    use InteractsWithRedis;

    protected function setUp(): void
    {
        parent::setUp();
        $this->setUpRedis();
    }

    protected function tearDown(): void
    {
        $this->tearDownRedis();
        parent::tearDown();
    }

    /** Milliseconds left on the lock $name of the store "redis" (prefix REDISLOCK_LARAVEL_PREFIX). */
    private function pttl(string $name): int
    {
        return (int) $this->rawRedisCommand('PTTL', 'Lock:' . REDISLOCK_LARAVEL_PREFIX . ':' . $name);
    }

    public function testTheStoreHasEveryMethodOfTheInstalledStoreContract(): void
    {
        $contract = new \ReflectionClass(\Illuminate\Contracts\Cache\Store::class);
        $store = Cache::store('redis')->getStore();
        $this->assertInstanceOf(LockStore::class, $store);
        foreach ($contract->getMethods() as $method) {
            $this->assertTrue(method_exists($store, $method->getName()), $method->getName());
        }
        $data = new LockStore(new ArrayStore, new LockProvider(new \RedisLock($this->redisLockOptions())));
        $data->put('k', 'v', 10);
        $this->assertTrue($data->touch('k', 20));
        $this->assertFalse($data->touch('missing', 20));
        $this->assertSame('v', $data->get('k'));
    }

    public function testAStoreWhoseStoreKeyIsItsOwnNameIsLockOnly(): void
    {
        // Laravel 11 and later pass the store's own name as "store"; 8 and 10 do
        // not, so it is written here as those versions would add it.
        $this->app['config']->set('cache.stores.locks', ['driver' => 'redislock', 'store' => 'locks']);
        $this->app['config']->set('cache.stores.withdata', ['driver' => 'redislock', 'data_store' => 'memory']);
        $this->app['config']->set('cache.stores.legacy', ['driver' => 'redislock', 'store' => 'memory']);
        $this->app['config']->set('cache.stores.memory', ['driver' => 'array']);

        $locks = Cache::store('locks');
        $this->assertInstanceOf(NullStore::class, $locks->getStore()->getInnerStore());
        $lock = $locks->lock('own-name', 10);
        $this->assertTrue($lock->get());
        $this->assertTrue($lock->release());
        $this->assertInstanceOf(ArrayStore::class, Cache::store('withdata')->getStore()->getInnerStore());
        $this->assertInstanceOf(ArrayStore::class, Cache::store('legacy')->getStore()->getInnerStore());
        Cache::store('withdata')->put('k', 'v', 10);
        $this->assertSame('v', Cache::store('withdata')->get('k'));
    }

    public function testIsOwnedByAndIsLockedAnswerForEveryLockObject(): void
    {
        $first = Cache::store('redis')->lock('owned', 10);
        $this->assertTrue($first->isOwnedBy(null));
        $this->assertFalse($first->isLocked());
        $this->assertTrue($first->get());

        $other = Cache::store('redis')->lock('owned', 10);
        $this->assertTrue($other->isLocked());
        $this->assertFalse($other->isOwnedBy(null));
        $this->assertTrue($other->isOwnedBy($first->owner()));
        $this->assertFalse($other->isOwnedByCurrentProcess());
        $restored = Cache::store('redis')->restoreLock('owned', 'other_owner');
        $this->assertTrue($restored->isOwnedBy($first->owner()));
        $this->assertFalse($restored->isOwnedByCurrentProcess());
        $this->assertTrue(Cache::store('redis')->restoreLock('owned', $first->owner())->isOwnedByCurrentProcess());

        $this->assertTrue($first->release());
        $this->assertFalse($other->isLocked());
        $this->assertTrue($other->isOwnedBy(null));
    }

    public function testLifetimesZeroNullAndSeconds(): void
    {
        $forever = LockProvider::FOREVER_SECONDS * 1000;
        foreach ([[0], []] as $args) {
            $lock = Cache::store('redis')->lock('life', ...$args);
            $this->assertTrue($lock->get());
            $this->assertGreaterThan($forever - 10000, $this->pttl('life'));
            $this->assertTrue($lock->release());
        }
        $lock = Cache::store('redis')->lock('life', 10);
        $this->assertTrue($lock->get());
        $ms = $this->pttl('life');
        $this->assertGreaterThan(9000, $ms);
        $this->assertLessThanOrEqual(10000, $ms);
        $lock->release();
    }

    public function testRefreshWithAndWithoutSeconds(): void
    {
        $lock = Cache::store('redis')->lock('refresh', 10);
        $this->assertTrue($lock->get());
        $this->assertTrue($lock->refresh(20));
        $this->assertGreaterThan(19000, $this->pttl('refresh'));
        $this->assertTrue($lock->refresh());   // its own lifetime, 10 s
        $this->assertLessThanOrEqual(10000, $this->pttl('refresh'));
        $this->assertGreaterThan(9000, $this->pttl('refresh'));
        $this->assertTrue($lock->refresh(0));  // "no expiry": the long finite lifetime, still held
        $this->assertGreaterThan(LockProvider::FOREVER_SECONDS * 1000 - 10000, $this->pttl('refresh'));
        $this->assertFalse(Cache::store('redis')->lock('refresh', 10)->get());
        $this->assertFalse(Cache::store('redis')->restoreLock('refresh', 'other_owner')->refresh(20));
        $this->assertTrue($lock->refresh(10));
        $lock->release();
        $this->assertFalse($lock->refresh());
    }

    public function testARestoredLockRefreshedWithoutSecondsKeepsItsExpiry(): void
    {
        $lock = Cache::store('redis')->lock('restored', 10);
        $this->assertTrue($lock->get());
        $owner = $lock->owner();

        // A later request: a fresh manager, store and lock object.
        $this->app->instance('cache', $cache = new \Illuminate\Cache\CacheManager($this->app));
        RedisLockServiceProvider::extendCache($cache);
        $restored = $cache->store('redis')->restoreLock('restored', $owner);
        $this->assertTrue($restored->refresh());
        $ms = $this->pttl('restored');
        $this->assertGreaterThan(8000, $ms);
        $this->assertLessThanOrEqual(10000, $ms);
        $this->assertTrue($restored->refresh(5));
        $this->assertLessThanOrEqual(5000, $this->pttl('restored'));
        $this->assertTrue($restored->release());
        $this->assertFalse($restored->refresh());
        // Taken by the restored object itself: its lifetime is known again.
        $this->assertTrue($restored->get());
        $this->assertTrue($restored->refresh());
        $this->assertGreaterThan(LockProvider::FOREVER_SECONDS * 1000 - 10000, $this->pttl('restored'));
        $restored->release();
    }

    public function testStorePrefixesAreSeparated(): void
    {
        $redis = new \RedisLock($this->redisLockOptions());
        $shop = new LockProvider($redis, REDISLOCK_LARAVEL_PREFIX . ':shop');
        $shop1 = new LockProvider($redis, REDISLOCK_LARAVEL_PREFIX . ':shop1');
        $a = $shop->lock('1x', 10);
        $b = $shop1->lock('x', 10);
        $this->assertTrue($a->get());
        $this->assertTrue($b->get());
        $a->release();
        $b->release();
        $this->assertSame(REDISLOCK_LARAVEL_PREFIX . '%3Ashop:1x', $shop->redisName('1x'));
    }

    /** Laravel's connection forms, read by its own ConfigurationUrlParser, as \RedisLock options. */
    public function testConnectionFormsAsLaravelReadsThem(): void
    {
        $cases = [
            [['url' => 'tcp://10.0.0.1:6380?database=2'], ['host' => '10.0.0.1', 'port' => 6380, 'database' => 2]],
            [['url' => 'redis://u:p%40ss@h:1/3'], ['host' => 'h', 'port' => 1, 'password' => 'p@ss', 'user' => 'u', 'database' => 3]],
            [['url' => 'tls://h:6380'], ['host' => 'h', 'port' => 6380, 'tls' => true]],
            [['url' => 'rediss://:secret@h'], ['host' => 'h', 'tls' => true, 'password' => 'secret']],
            [['url' => 'unix:///run/redis.sock?database=4'], ['socket' => '/run/redis.sock', 'database' => 4]],
            // url plus separate keys: the url's parts win, the keys fill in the rest
            [['url' => 'redis://h:1', 'host' => 'ignored', 'password' => 'secret', 'username' => 'alice', 'database' => '5'],
                ['host' => 'h', 'port' => 1, 'password' => 'secret', 'user' => 'alice', 'database' => 5]],
            [['url' => 'redis://:fromurl@h/1', 'password' => 'separate', 'database' => 7], ['host' => 'h', 'password' => 'fromurl', 'database' => 1]],
            [['url' => null, 'host' => '127.0.0.1', 'password' => null, 'port' => '6379', 'database' => '0'],
                ['host' => '127.0.0.1', 'port' => 6379, 'database' => 0]],
            [['host' => 'h', 'scheme' => 'tls', 'context' => ['stream' => ['cafile' => '/ca.pem', 'verify_peer_name' => false]]],
                ['host' => 'h', 'tls' => ['cafile' => '/ca.pem', 'verify_peer_name' => false]]],
            [['host' => 'tls://h', 'port' => 6380, 'context' => ['local_cert' => '/c.pem']], ['host' => 'h', 'port' => 6380, 'tls' => ['local_cert' => '/c.pem']]],
            [['host' => '/run/redis.sock', 'port' => 0], ['socket' => '/run/redis.sock']],
            [['host' => 'h', 'timeout' => 2, 'read_timeout' => 3, 'persistent' => true, 'persistent_id' => 'x'],
                ['host' => 'h', 'connect_timeout' => 2.0, 'read_timeout' => 3.0, 'persistent' => true, 'persistent_id' => 'x']],
        ];
        foreach ($cases as [$config, $expected]) {
            $options = ConnectionConfig::connectionOptions($config);
            ksort($options);
            ksort($expected);
            $this->assertSame($expected, $options, json_encode($config));
            new \RedisLock($options);   // the extension accepts them
        }
        $cluster = ConnectionConfig::redisConnectionOptions(['clusters' => ['default' => [
            ['host' => '10.0.0.1', 'port' => 7000, 'password' => 'pw'],
            ['url' => 'tcp://10.0.0.2:7001'],
        ]]], 'default');
        $this->assertSame(['cluster' => ['10.0.0.1:7000', '10.0.0.2:7001'], 'password' => 'pw'], $cluster);
        try {
            ConnectionConfig::redisConnectionOptions(['default' => ['host' => 'h']], 'nope');
            $this->fail('an unknown connection name was accepted');
        } catch (\InvalidArgumentException $e) {
            $this->assertStringContainsString('[nope]', $e->getMessage());
        }
    }

    /** The forms end to end: a store resolved from each locks on the test server. */
    public function testEachFormLocksOnTheServer(): void
    {
        $port = REDISLOCK_LARAVEL_PORT;
        $socket = (string) getenv('REDISLOCK_TEST_SOCKET');
        $forms = [
            'tcp' => ['url' => "tcp://127.0.0.1:$port?database=0"],
            'redis' => ['url' => "redis://127.0.0.1:$port", 'password' => null, 'database' => '0'],
            'keys' => ['host' => '127.0.0.1', 'port' => (string) $port, 'database' => 0],
            'unix' => ['url' => "unix://$socket"],
        ];
        $check = new \RedisLock($this->redisLockOptions());
        foreach ($forms as $name => $connection) {
            $this->app['config']->set("database.redis.form-$name", $connection);
            $this->app['config']->set("cache.stores.form-$name", ['driver' => 'redislock', 'lock_connection' => "form-$name"]);
            $lock = Cache::store("form-$name")->lock("form-$name", 10);
            $this->assertTrue($lock->get(), $name);
            $this->assertTrue($check->isLocked(REDISLOCK_LARAVEL_PREFIX . ":form-$name"), $name);
            $this->assertTrue($lock->release(), $name);
        }
    }
}
