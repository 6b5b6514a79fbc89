--TEST--
docs/symfony.md as a reader follows it: the bridge installed by its commands, the bundle, .env and config/packages, a lock, a message, a rate limiter and bin/console redislock
--DESCRIPTION--
A Symfony application is made in a scratch directory from what docs/symfony.md
tells the reader (see docs_app.inc for the marks): the "sh commands" block
installs the bridge from the path repository, offline; config/bundles.php gets
the page's entry after FrameworkBundle's, and .env, config/packages/redislock.yaml
and config/packages/messenger.yaml are the page's. The rest is what a new
application has: src/Kernel.php (MicroKernelTrait), config/services.yaml
(autowired, autoconfigured App\ classes) and config/packages/framework.yaml, and
the application's own code: a message, its handler and a command that uses
LockFactory, the limiter "api" of the page and the message bus.
docs_symfony_boot.inc is bin/console, with Debian's Symfony packages.
It checks:
- LockFactory's lock is ours (held in Redis under Lock:<name>), a second lock
  of the name is refused, and `bin/console redislock inspect` sees it;
- a message routed by the page's messenger.yaml goes to the redislock:// transport,
  `bin/console messenger:consume async --limit=1` handles it once, and the queue
  is then empty (`bin/console redislock stats`);
- the page's limiter "api" (100 tokens) takes 100 and refuses the 101st;
- `bin/console redislock force-unlock --yes` removes the lock;
- the page's "package" repository declares what bridge/composer.json does.
A page whose commands, config or names drift from the code fails here.
--FILE--
<?php
require __DIR__ . '/docs_app.inc';

$pages = ['docs/symfony.md'];
$root = dirname(__DIR__, 2);

$app = da_install('docs-symfony', $pages, ['autoload' => ['psr-4' => ['App\\' => 'src/']]]);
$ours = json_decode((string) file_get_contents("$root/bridge/composer.json"), true);
rq_check(is_file("$app/vendor/redislock/bridge/src/Symfony/RedisLockBundle.php"), 'the page\'s commands installed redislock/bridge');

da_write($app, $pages, 'config/bundles.php', "['Symfony\\Bundle\\FrameworkBundle\\FrameworkBundle' => ['all' => true]]");
da_write($app, $pages, '.env');
da_write($app, $pages, 'config/packages/redislock.yaml');
da_write($app, $pages, 'config/packages/messenger.yaml');

// What a new application has, and its own code.
$files = [
    'config/packages/framework.yaml' => "framework:\n    secret: docs\n",
    'config/services.yaml' => "services:\n    _defaults:\n        autowire: true\n        autoconfigure: true\n"
        . "    App\\:\n        resource: '../src/'\n        exclude: ['../src/Kernel.php']\n",
    'src/Kernel.php' => <<<'PHP'
        <?php
        namespace App;

        use Symfony\Bundle\FrameworkBundle\Kernel\MicroKernelTrait;
        use Symfony\Component\HttpKernel\Kernel as BaseKernel;

        class Kernel extends BaseKernel
        {
            use MicroKernelTrait;
        }
        PHP,
    'src/Message/SendReport.php' => <<<'PHP'
        <?php
        namespace App\Message;

        final class SendReport
        {
            public function __construct(public string $log)
            {
            }
        }
        PHP,
    'src/MessageHandler/SendReportHandler.php' => <<<'PHP'
        <?php
        namespace App\MessageHandler;

        use App\Message\SendReport;
        use Symfony\Component\Messenger\Attribute\AsMessageHandler;

        #[AsMessageHandler]
        final class SendReportHandler
        {
            public function __invoke(SendReport $message): void
            {
                file_put_contents($message->log, "handled\n", FILE_APPEND);
            }
        }
        PHP,
    'src/Command/DocsCommand.php' => <<<'PHP'
        <?php
        namespace App\Command;

        use App\Message\SendReport;
        use RedisLock\Bridge\Symfony\RateLimiter\RedisRateLimiterFactory;
        use Symfony\Component\Console\Attribute\AsCommand;
        use Symfony\Component\Console\Command\Command;
        use Symfony\Component\Console\Input\InputArgument;
        use Symfony\Component\Console\Input\InputInterface;
        use Symfony\Component\Console\Output\OutputInterface;
        use Symfony\Component\Lock\LockFactory;
        use Symfony\Component\Messenger\MessageBusInterface;

        #[AsCommand(name: 'app:docs')]
        final class DocsCommand extends Command
        {
            public function __construct(private LockFactory $locks, private RedisRateLimiterFactory $apiLimiter,
                private MessageBusInterface $bus)
            {
                parent::__construct();
            }

            protected function configure(): void
            {
                $this->addArgument('step', InputArgument::REQUIRED)->addArgument('arg', InputArgument::REQUIRED);
            }

            protected function execute(InputInterface $input, OutputInterface $output): int
            {
                $arg = $input->getArgument('arg');
                $out = match ($input->getArgument('step')) {
                    'lock' => [
                        'got' => $this->locks->createLock($arg, 60, false)->acquire(),
                        'second' => $this->locks->createLock($arg, 60, false)->acquire(),
                    ],
                    'dispatch' => ['sent' => get_class($this->bus->dispatch(new SendReport($arg))->getMessage())],
                    'limit' => [
                        'first' => $this->apiLimiter->create($arg)->consume(100)->isAccepted(),
                        'next' => $this->apiLimiter->create($arg)->consume(1)->isAccepted(),
                    ],
                };
                $output->writeln(json_encode($out));
                return 0;
            }
        }
        PHP,
];
foreach ($files as $file => $code) {
    @mkdir(dirname("$app/$file"), 0777, true);
    file_put_contents("$app/$file", $code . "\n");
}

$tag = str_replace(':', '_', rl_name());
$env = ['REDISLOCK_DSN' => rl_dsn(), 'MESSENGER_TRANSPORT_DSN' => 'redislock://' . rl_env('REDISLOCK_TEST_HOST') . ':'
    . rl_env('REDISLOCK_TEST_PORT') . "/q_$tag"];
$php = da_php(['mbstring', 'posix', 'ctype', 'intl']);
$console = static function (string ...$args) use ($php, $app, $env): array {
    return da_run(array_merge($php, [__DIR__ . '/docs_symfony_boot.inc', $app], $args), $app, $env);
};
$step = static function (string ...$args) use ($console): array {
    $r = $console('app:docs', ...$args);
    $json = json_decode(trim($r['out']), true);
    if ($r['status'] !== 0 || !is_array($json)) {
        echo "FAILED: app:docs " . implode(' ', $args) . " (exit {$r['status']}):\n{$r['out']}{$r['err']}";
        exit(1);
    }
    return $json;
};
$raw = new RawRedis();

$name = "l_$tag";
$r = $step('lock', $name);
rq_check($r['got'] === true && $r['second'] === false, 'LockFactory\'s lock is exclusive', $r);
rq_check($raw->call('EXISTS', "Lock:$name") === 1, 'it is ours: held in Redis under Lock:<name>');
$r = $console('redislock', 'inspect', $name, '--json');
$json = json_decode($r['out'], true);
rq_check($r['status'] === 0 && ($json['state']['mode'] ?? null) === 'exclusive', 'bin/console redislock inspect: the lock is held', $r);

$log = "$app/var/handled.log";
$r = $step('dispatch', $log);
$r = $console('redislock', 'stats', "q_$tag", '--json');
$json = json_decode($r['out'], true);
rq_check($r['status'] === 0 && ($json['due'] ?? null) === 1, 'the message went to the page\'s redislock:// transport', $r);
$r = $console('messenger:consume', 'async', '--limit=1', '--time-limit=30');
rq_check($r['status'] === 0 && @file($log, FILE_IGNORE_NEW_LINES) === ['handled'], 'messenger:consume handled it once', [$r, @file_get_contents($log)]);
$r = $console('redislock', 'stats', "q_$tag");
rq_check($r['status'] === 1, 'the queue is empty afterwards (bin/console redislock stats exits 1)', $r);

$r = $step('limit', $tag);
rq_check($r['first'] === true && $r['next'] === false, 'the page\'s limiter "api" takes its 100 tokens and refuses the next', $r);

$r = $console('redislock', 'force-unlock', $name, '--yes');
rq_check($r['status'] === 0 && $raw->call('EXISTS', "Lock:$name") === 0, 'bin/console redislock force-unlock --yes removes the lock', $r);

$package = da_marked($pages, 'package');
$declared = json_decode('{' . ($package[0]['code'] ?? '') . '}', true)['repositories']['redislock']['package'] ?? null;
$same = is_array($declared);
foreach (['name', 'version', 'require', 'extra'] as $key) {
    $same = $same && $declared[$key] === $ours[$key];
}
rq_check($same && $declared['autoload']['psr-4'] === ['RedisLock\\Bridge\\' => 'bridge/src/']
    && $declared['bin'] === ['bridge/bin/redislock'], 'the page\'s package repository says what bridge/composer.json says', $declared);
?>
--EXPECT--
ok: the page's commands installed redislock/bridge
ok: LockFactory's lock is exclusive
ok: it is ours: held in Redis under Lock:<name>
ok: bin/console redislock inspect: the lock is held
ok: the message went to the page's redislock:// transport
ok: messenger:consume handled it once
ok: the queue is empty afterwards (bin/console redislock stats exits 1)
ok: the page's limiter "api" takes its 100 tokens and refuses the next
ok: bin/console redislock force-unlock --yes removes the lock
ok: the page's package repository says what bridge/composer.json says
