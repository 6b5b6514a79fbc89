--TEST--
Symfony lease: a console command's lock is free within the lease of the command being SIGKILLed (at most the lease left, as the server counts)
--DESCRIPTION--
Symfony lease: a console command holding a LockFactory lock (ttl 300 s) of the
bundle's lock.factory with lease 1 keeps it while it lives, and once SIGKILLed
the lock is free within lease + 1 s; with lease: false it stays for symfony's
ttl

A real process: a bin/console-like script boots the kernel (FrameworkBundle and
RedisLockBundle, lock_factory: true), and runs a Symfony Console command that takes
a lock through LockFactory::createLock($name, 300) and sleeps. Alive for three
leases, the lock is still held (the watchdog renews it) with at most the lease
left; after SIGKILL another process's LockFactory takes it within lease + 1 s.
The same command on a kernel with lease: false leaves the lock for its 300 s.
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\LockFactory;

$console = rl_php_file('require_once ' . var_export(realpath(__DIR__ . '/../harness/symfony_kernel_test.inc'), true) . ';' . <<<'PHP'

use Symfony\Bundle\FrameworkBundle\Console\Application;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Lock\LockFactory;

final class HoldCommand extends Command
{
    public function __construct(private LockFactory $locks)
    {
        parent::__construct('app:hold');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $lock = $this->locks->createLock(getenv('HOLD_NAME'), 300);
        if (!$lock->acquire()) {
            return 1;
        }
        $output->writeln('locked');
        sleep(60);
        return 0;
    }
}

$kernel = sk_kernel(getenv('HOLD_CONFIG'));
$application = new Application($kernel);
$application->setAutoExit(false);
$application->add(new HoldCommand($kernel->getContainer()->get('lock.factory')));
exit($application->run(new ArrayInput(['command' => 'app:hold'])));
PHP);

/** Starts the console command on a kernel of $config; returns the process once it holds the lock. */
$start = function (string $config, string $name) use ($console) {
    $env = getenv();
    $env['HOLD_CONFIG'] = $config;
    $env['HOLD_NAME'] = $name;
    $proc = proc_open(rl_php_command($console, ['extension' => 'ctype']), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    stream_set_blocking($pipes[1], false);
    $out = '';
    $deadline = microtime(true) + 30;
    while (!str_contains($out, 'locked') && microtime(true) < $deadline && proc_get_status($proc)['running']) {
        $read = [$pipes[1]];
        $w = $e = null;
        if (stream_select($read, $w, $e, 0, 100000)) {
            $out .= (string) fread($pipes[1], 8192);
        }
    }
    if (!str_contains($out, 'locked')) {
        proc_terminate($proc, 9);
        echo "the command did not take the lock: $out ", stream_get_contents($pipes[2]), "\n";
        exit(1);
    }
    return [$proc, $pipes];
};
$kill = function ($proc, array $pipes): void {
    proc_terminate($proc, 9);
    while (proc_get_status($proc)['running']) {
        usleep(10000);
    }
    fclose($pipes[1]);
    fclose($pipes[2]);
    proc_close($proc);
};

$raw = new RawRedis();
$others = new LockFactory(new RedisLockStore(new RedisLock(rl_dsn())));
$dsn = rl_dsn();

echo "-- lease: 1\n";
$name = rl_name();
[$proc, $pipes] = $start("redislock:\n    connection: '$dsn'\n    lease: 1\n    lock_factory: true\n", $name);
usleep(3000000);   // three leases
$pttl = $raw->call('PTTL', "Lock:$name");
echo 'alive after three leases: ', $pttl > 0 && $pttl <= 1000 ? 'held, at most the lease left' : "PTTL $pttl", "\n";
var_dump($others->createLock($name)->acquire());
$kill($proc, $pipes);
/* Free within the lease: right after the kill the server gives the hold at most
 * the lease (1 s) to live, not symfony's 300 s; then another takes it (60 s only
 * tells a hang from a loaded host). */
$left = $raw->call('PTTL', "Lock:$name");
$killed = microtime(true);
$lock = $others->createLock($name, 10);
while (!$lock->acquire() && microtime(true) - $killed < 60) {
    usleep(20000);
}
$freed = microtime(true) - $killed;
echo 'free after SIGKILL within the lease: ', $left <= 1000 && $lock->isAcquired() ? 'yes' : sprintf('no (PTTL %d ms after the kill, %.2f s)', $left, $freed), "\n";
$lock->release();

echo "-- lease: false\n";
$name = rl_name();
[$proc, $pipes] = $start("redislock:\n    connection: '$dsn'\n    lease: false\n    lock_factory: true\n", $name);
$kill($proc, $pipes);
usleep(1500000);
$pttl = $raw->call('PTTL', "Lock:$name");
echo 'after SIGKILL: ', $pttl > 290000 ? "held for symfony's ttl" : "PTTL $pttl", "\n";
$raw->call('DEL', "Lock:$name");
?>
--EXPECT--
-- lease: 1
alive after three leases: held, at most the lease left
bool(false)
free after SIGKILL within the lease: yes
-- lease: false
after SIGKILL: held for symfony's ttl
