<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony\Console;

use RedisLock\Bridge\Operator\CliHelp;
use RedisLock\Bridge\Operator\ConsoleCli;
use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Helper\QuestionHelper;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Question\ConfirmationQuestion;

/**
 * "bin/console redislock SUBCOMMAND [ARGS...]": the redislock operator command
 * (the same subcommands, options, output and exit codes as bridge/bin/redislock)
 * in a Symfony console. Register it as a service tagged console.command, with
 * the connection as its argument (a DSN or \RedisLock options; null: --dsn,
 * else $REDISLOCK_DSN, else the INI setting):
 *
 *   RedisLock\Bridge\Symfony\Console\RedisLockCommand:
 *       arguments: ['%env(REDISLOCK_DSN)%']
 *       tags: [console.command]
 *
 * force-unlock and purge-dead ask for confirmation when the console is
 * interactive, and refuse (exit 4) without --yes when it is not (-n, or no terminal).
 */
#[AsCommand(name: 'redislock', description: 'Looks at and acts on the locks, semaphores, queues, rate limiters and latches of the redislock extension')]
class RedisLockCommand extends Command
{
    /** @param string|array<string, mixed>|null $connection */
    public function __construct(
        #[\SensitiveParameter] private string|array|null $connection = null,
        ?string $name = 'redislock',
    ) {
        parent::__construct($name);
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Looks at and acts on the locks, semaphores, queues, rate limiters and latches of the redislock extension')
            ->addArgument('subcommand', InputArgument::OPTIONAL, CliHelp::synopses())
            ->addArgument('args', InputArgument::IS_ARRAY | InputArgument::OPTIONAL, 'names, queues or dead letter ids')
            ->addOption('dsn', null, InputOption::VALUE_REQUIRED, 'the connection (default: the service\'s, else $REDISLOCK_DSN)')
            ->addOption('prefix', null, InputOption::VALUE_REQUIRED, 'the key prefix of the objects the subcommand uses')
            ->addOption('lock-prefix', null, InputOption::VALUE_REQUIRED, 'the locks\' prefix (default Lock:)')
            ->addOption('semaphore-prefix', null, InputOption::VALUE_REQUIRED, 'the semaphores\' prefix (default Semaphore:)')
            ->addOption('queue-prefix', null, InputOption::VALUE_REQUIRED, 'the queues\' prefix (default Queue:)')
            ->addOption('limiter-prefix', null, InputOption::VALUE_REQUIRED, 'the rate limiters\' prefix (default Limiter:)')
            ->addOption('latch-prefix', null, InputOption::VALUE_REQUIRED, 'the latches\' prefix (default Latch:)')
            ->addOption('count', null, InputOption::VALUE_REQUIRED, 'dead: how many dead letters (default 100)')
            ->addOption('for', null, InputOption::VALUE_REQUIRED, 'pause-queue: how many seconds (default: until resume-queue)')
            ->addOption('json', null, InputOption::VALUE_NONE, 'machine-readable output (one JSON document)')
            ->addOption('yes', null, InputOption::VALUE_NONE, 'confirm force-unlock or purge-dead without asking')
            ->addOption('semaphore', null, InputOption::VALUE_NONE, 'locks and inspect: semaphores instead of locks')
            ->addOption('back', null, InputOption::VALUE_NONE, 'migrate-queue: back to the zset layout')
            ->setHelp((new CliHelp('%command.full_name%'))->console());
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $confirm = null;
        if ($input->isInteractive()) {
            $errors = ConsoleCli::errors($output);
            $set = $this->getHelperSet();
            $helper = $set !== null && $set->has('question') ? $set->get('question') : new QuestionHelper();
            $confirm = static fn (string $question): bool => (bool) $helper->ask(
                $input,
                $errors,
                new ConfirmationQuestion($question . ' [y/N] ', false),
            );
        }
        $dsn = getenv('REDISLOCK_DSN');

        return ConsoleCli::run($output, $confirm, $this->connection ?? ($dsn === false || $dsn === '' ? null : $dsn),
            'bin/console ' . $this->getName(), $input->getArgument('subcommand'), (array) $input->getArgument('args'), $input->getOptions());
    }
}
