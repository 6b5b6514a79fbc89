--TEST--
Symfony bridge: acquireRead() on RedisLockStore shares among readers, keeps writers out, and never starves a waiting writer
--DESCRIPTION--
Symfony bridge: acquireRead() on RedisLockStore: readers share, a writer is kept
out, and a writer waiting with acquire(true) keeps later readers out (no
starvation); acquireRead(true) waits on the server behind it and gets in when it
releases; promotion with acquire() when alone (refused while another reader
holds, the read lock kept), demotion with acquireRead()
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
foreach (['/usr/share/php/Symfony/Component/Lock/autoload.php', __DIR__ . '/../../bridge/autoload.php'] as $file) {
    if (!is_file($file)) {
        exit("$file is missing: install php-symfony-lock (Debian)\n");
    }
    require_once $file;
}

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\BlockingSharedLockStoreInterface;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$name = rl_name();
$list = "$name:reports";
$factory = fn () => new LockFactory(new RedisLockStore(new RedisLock(rl_dsn())));
var_dump((new RedisLockStore(new RedisLock(rl_dsn()))) instanceof BlockingSharedLockStoreInterface);

echo "-- readers share, a writer is kept out\n";
$r1 = $factory()->createLock($name, 30);
$r2 = $factory()->createLock($name, 30);
var_dump($r1->acquireRead(), $r2->acquireRead(), sh_count($raw, $name));
$w = $factory()->createLock($name, 30);
var_dump($w->acquire());

echo "-- a waiting writer keeps later readers out\n";
$monitor = rl_monitor();
$writer = l4_fork(function () use ($factory, $name, $list) {
    $raw = new RawRedis();
    $lock = $factory()->createLock($name, 30);
    $got = $lock->acquire(true);
    sem_tell($raw, $list, $got ? 'writer-in' : 'writer-out');
    usleep(300000);
    sem_tell($raw, $list, 'writer-done');
    $lock->release();
    return 0;
});
sh_settle($raw, $name, 1);
$late = $factory()->createLock($name, 30);
var_dump($late->acquireRead());
$reader = l4_fork(function () use ($factory, $name, $list) {
    $raw = new RawRedis();
    $lock = $factory()->createLock($name, 30);
    $got = $lock->acquireRead(true);
    sem_tell($raw, $list, $got ? 'reader-in' : 'reader-out');
    $lock->release();
    return 0;
});
sh_settle($raw, $name, 2);
$r1->release();
usleep(100000);
echo 'the writer still waits for the other reader: ', sem_yes($raw->call('LLEN', $list) === 0), "\n";
$r2->release();
$reports = [];
for ($i = 0; $i < 3; $i++) {
    $reports[] = sem_report($raw, $list)[0];
}
echo implode(' ', $reports), "\n";
echo implode(',', l4_wait([$writer, $reader], l4_bound(10))), "\n";
$seen = rl_monitor_read($monitor);
fclose($monitor);
/* Leaving out this process's own connection, which waited for the reports. */
$clients = sem_commands_by_client($seen, $name);
unset($clients[ho_addr($raw)]);
$blocked = array_filter($clients, fn ($c) => in_array('BLPOP', $c, true));
echo 'the waiters blocked in BLPOP: ', sem_yes(count($blocked) === 2), "\n";
echo 'and sent a handful of commands each: ', sem_yes(max(array_map('count', $blocked ?: [[]])) <= 8, $blocked), "\n";
var_dump((new RedisLock(rl_dsn()))->isLocked($name));

echo "-- promotion and demotion\n";
$a = $factory()->createLock($name, 30);
$b = $factory()->createLock($name, 30);
var_dump($a->acquireRead(), $b->acquireRead());
var_dump($a->acquire(), $a->isAcquired(), sh_count($raw, $name));
var_dump($b->release(), $a->acquire(), $raw->call('TYPE', l4_key($name)));
var_dump($b->acquireRead());
var_dump($a->acquireRead(), $b->acquireRead(), sh_count($raw, $name));
$a->release();
$b->release();
var_dump((new RedisLock(rl_dsn()))->isLocked($name));
$raw->call('DEL', $list);
?>
--EXPECT--
bool(true)
-- readers share, a writer is kept out
bool(true)
bool(true)
int(2)
bool(false)
-- a waiting writer keeps later readers out
bool(false)
the writer still waits for the other reader: yes
writer-in writer-done reader-in
0,0
the waiters blocked in BLPOP: yes
and sent a handful of commands each: yes
bool(false)
-- promotion and demotion
bool(true)
bool(true)
bool(false)
bool(true)
int(2)
NULL
bool(true)
string(6) "string"
bool(false)
bool(true)
bool(true)
int(2)
bool(false)
