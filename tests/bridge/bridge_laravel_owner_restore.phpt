--TEST--
Laravel bridge: owner() is the extension's token, and restoreLock() with it in another process sees and releases the lock
--DESCRIPTION--
Laravel bridge: owner() is the extension's token once acquired;
restoreLock(name, owner) in another process sees and releases the lock, a
caller-chosen owner or a stranger's does not; forceRelease() frees it for anyone
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$prelude = <<<'PHP'
foreach (['Illuminate/Support', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        echo "$package is not installed: apt-get install php-illuminate-cache\n";
        exit(1);
    }
    require_once "$package/autoload.php";
}
require_once 
PHP . var_export(dirname(__DIR__, 2) . '/bridge/autoload.php', true) . ";\n";
eval($prelude);
use RedisLock\Bridge\Laravel\LockProvider;

$name = rl_name();
$raw = new RawRedis();
$locks = new LockProvider(new RedisLock(rl_dsn()));

/* A caller-chosen owner is the owner until the acquisition, then the token. */
$lock = $locks->lock($name, 30, 'job-42');
var_dump($lock->owner());
var_dump($lock->get());
$owner = $lock->owner();
var_dump((bool) preg_match('/^[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $owner));
var_dump($raw->call('GET', l4_key($name)) === $owner);
var_dump($lock->isOwnedByCurrentProcess());
$current = new ReflectionMethod($lock, 'getCurrentOwner');
var_dump($current->invoke($lock) === $owner);
/* Someone else's view: not the owner, and the owner is not disclosed (a
 * placeholder that is never a token says that someone holds it). */
$stranger = $locks->lock($name, 30);
var_dump($stranger->get(), $stranger->isOwnedByCurrentProcess(), $current->invoke($stranger), $stranger->release());

/* Another process: the chosen owner releases nothing, the token does. */
$child = rl_run_php($prelude . '
    $locks = new RedisLock\Bridge\Laravel\LockProvider(new RedisLock(rl_dsn()));
    $name = ' . var_export($name, true) . ';
    $owner = ' . var_export($owner, true) . ';
    var_dump($locks->restoreLock($name, "job-42")->release());
    $restored = $locks->restoreLock($name, $owner);
    var_dump($restored->owner() === $owner, $restored->isOwnedByCurrentProcess());
    var_dump($restored->release(), $restored->release());
');
echo $child['stdout'], $child['stderr'];
var_dump($child['status']);
var_dump($lock->isOwnedByCurrentProcess(), $lock->release());

/* The other way: a lock taken in another process, its owner passed on (as to a
 * queued job), released here; a forceRelease() frees a lock held by anyone. */
$child = rl_run_php($prelude . '
    $locks = new RedisLock\Bridge\Laravel\LockProvider(new RedisLock(rl_dsn()));
    $lock = $locks->lock(' . var_export($name, true) . ', 30);
    echo $lock->get() ? $lock->owner() : "busy";
');
var_dump($child['status'], $child['stderr']);
$restored = $locks->restoreLock($name, $child['stdout']);
var_dump($restored->isOwnedByCurrentProcess(), $locks->lock($name, 30)->get());
var_dump($restored->release(), $raw->call('EXISTS', l4_key($name)));

$held = $locks->lock($name, 30);
var_dump($held->get());
$locks->lock($name)->forceRelease();
var_dump($held->isOwnedByCurrentProcess(), $held->release());
$again = $locks->lock($name, 30);
var_dump($again->get(), $again->release());
?>
--EXPECT--
string(6) "job-42"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
string(23) "(held by another owner)"
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
bool(false)
bool(false)
int(0)
string(0) ""
bool(true)
bool(false)
bool(true)
int(0)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
