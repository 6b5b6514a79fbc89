--TEST--
Symfony lease: a Key serialized into a message by a process that is then SIGKILLed keeps its hold for the Key's ttl (not one lease), and the process that reads the message releases it
--DESCRIPTION--
The flow of Messenger's DeduplicateStamp and of restoreLock()-like code: the Lock is
taken with autoRelease false, its Key travels, and another process releases it. A
lease must not end the hold with the process that took it.
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$name = rl_name();
$file = rl_env('REDISLOCK_TEST_TMP') . '/travel-' . getmypid();
$sender = rl_php_file('require_once ' . var_export(realpath(__DIR__ . '/../harness/symfony_kernel_test.inc'), true) . ';' . '
$factory = new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(new RedisLock(rl_options(["watchdog" => ["lease" => 0.3]]))));
$key = new Symfony\Component\Lock\Key(' . var_export($name, true) . ');
$lock = $factory->createLockFromKey($key, 20.0, false);
if (!$lock->acquire()) { exit(1); }
file_put_contents(' . var_export($file, true) . ', serialize($key));
echo "sent\n";
sleep(60);
');
$proc = proc_open(rl_php_command($sender, ['extension' => 'ctype']), [1 => ['pipe', 'w']], $pipes);
echo fgets($pipes[1]);
proc_terminate($proc, 9);
proc_close($proc);
usleep(1000000);   // three leases
$pttl = $raw->call('PTTL', "Lock:$name");
echo $pttl > 15000 ? 'held for the Key\'s ttl' : "PTTL $pttl", "\n";
$consumer = new LockFactory(new RedisLockStore(new RedisLock(rl_options(['watchdog' => ['lease' => 0.3]]))));
$lock = $consumer->createLockFromKey(unserialize(file_get_contents($file)), 20.0, false);
var_dump($lock->isAcquired());
$lock->release();
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
sent
held for the Key's ttl
bool(true)
int(0)
