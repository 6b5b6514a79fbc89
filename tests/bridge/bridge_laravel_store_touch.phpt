--TEST--
Laravel bridge: LockStore::touch($key, $seconds) gives a cached item of the data store a new lifetime
--DESCRIPTION--
Laravel bridge: LockStore has touch($key, $seconds) (in Laravel 13's Store
contract): it gives a cached item of the data store a new lifetime and answers
false for a missing item and for a scheduler mutex key
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';
use RedisLock\Bridge\Laravel\LockProvider;
use RedisLock\Bridge\Laravel\LockStore;

/* A data store that keeps lifetimes as numbers (no clock needed). */
$inner = new class implements Illuminate\Contracts\Cache\Store {
    public array $items = [];
    public array $seconds = [];
    public function get($key) { return $this->items[$key] ?? null; }
    public function many(array $keys) { return array_map(fn ($k) => $this->get($k), array_combine($keys, $keys)); }
    public function put($key, $value, $seconds) { $this->items[$key] = $value; $this->seconds[$key] = $seconds; return true; }
    public function putMany(array $values, $seconds) { foreach ($values as $k => $v) { $this->put($k, $v, $seconds); } return true; }
    public function increment($key, $value = 1) { return $this->items[$key] = ($this->items[$key] ?? 0) + $value; }
    public function decrement($key, $value = 1) { return $this->increment($key, -$value); }
    public function forever($key, $value) { return $this->put($key, $value, 0); }
    public function touch($key, $seconds) { if (!isset($this->items[$key])) { return false; } $this->seconds[$key] = $seconds; return true; }
    public function forget($key) { unset($this->items[$key]); return true; }
    public function flush() { $this->items = []; return true; }
    public function getPrefix() { return ''; }
};
$store = new LockStore($inner, new LockProvider(new RedisLock(rl_dsn()), rl_name()));
var_dump($store instanceof Illuminate\Contracts\Cache\Store, (new ReflectionClass($store))->hasMethod('touch'));
var_dump($store->put('k', 'v', 1));
var_dump($store->touch('k', 60), $inner->seconds['k'], $store->touch('missing', 60));
var_dump($store->get('k'));
$mutex = 'framework' . DIRECTORY_SEPARATOR . 'schedule-' . sha1('touch');
var_dump($store->add($mutex, true, 60), $store->touch($mutex, 120), $store->forget($mutex));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(60)
bool(false)
string(1) "v"
bool(true)
bool(false)
bool(true)
