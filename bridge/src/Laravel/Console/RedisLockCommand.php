<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Laravel\Console;

use Illuminate\Console\Command;
use RedisLock\Bridge\Laravel\ConnectionConfig;
use RedisLock\Bridge\Operator\Cli;
use RedisLock\Bridge\Operator\CliHelp;
use RedisLock\Bridge\Operator\ConsoleCli;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * "php artisan redislock SUBCOMMAND [ARGS...]": the redislock operator command
 * (the same subcommands, options, output and exit codes as bridge/bin/redislock),
 * registered by RedisLockServiceProvider. The connection: --dsn, else the redis
 * connection --connection names in config/database.php (as the lock store reads
 * it; default: the "lock_connection" or "connection" of the first redislock cache
 * store, else "default"), else $REDISLOCK_DSN.
 *
 * force-unlock and purge-dead ask for confirmation when the console is
 * interactive, and refuse (exit 4) without --yes when it is not (-n, or no terminal).
 */
class RedisLockCommand extends Command
{
    /** @var string the subcommand's description is CliHelp's, put in by the constructor */
    protected $signature = 'redislock
        {subcommand? : the subcommand}
        {args?* : names, queues or dead letter ids}
        {--connection= : the redis connection of config/database.php}
        {--dsn= : a DSN instead}
        {--prefix= : the key prefix of the objects the subcommand uses}
        {--lock-prefix= : the locks\' prefix (default Lock:)}
        {--semaphore-prefix= : the semaphores\' prefix (default Semaphore:)}
        {--queue-prefix= : the queues\' prefix (default Queue:)}
        {--limiter-prefix= : the rate limiters\' prefix (default Limiter:)}
        {--latch-prefix= : the latches\' prefix (default Latch:)}
        {--count= : dead: how many dead letters (default 100)}
        {--for= : pause-queue: how many seconds (default: until resume-queue)}
        {--json : machine-readable output (one JSON document)}
        {--yes : confirm force-unlock or purge-dead without asking}
        {--semaphore : locks and inspect: semaphores instead of locks}
        {--back : migrate-queue: back to the zset layout}';

    /** @var string */
    protected $description = 'Looks at and acts on the locks, semaphores, queues, rate limiters and latches of the redislock extension';

    /**
     * The help and the subcommand's description come from CliHelp's one list
     * of subcommands (a signature cannot hold them: Laravel's parser takes any
     * "--" in a description for an option).
     */
    public function __construct()
    {
        $this->help = (new CliHelp('artisan redislock'))->console();
        parent::__construct();
        $definition = $this->getDefinition();
        $arguments = $definition->getArguments();
        $arguments['subcommand'] = new InputArgument('subcommand', InputArgument::OPTIONAL, CliHelp::synopses());
        $definition->setArguments(array_values($arguments));
    }

    public function handle(): int
    {
        $output = $this->output->getOutput();
        $confirm = null;
        if ($this->input->isInteractive()) {
            $confirm = fn (string $question): bool => (bool) $this->confirm($question, false);
        }
        $dsn = $this->option('dsn');
        try {
            $connection = $dsn === null || $dsn === '' ? $this->connectionOptions() : null;
        } catch (\InvalidArgumentException $e) {
            ConsoleCli::errors($output)->write('artisan redislock: ' . $e->getMessage() . "\n", false, OutputInterface::OUTPUT_RAW);

            return Cli::EXIT_USAGE;
        }

        return ConsoleCli::run($output, $confirm, $connection, 'artisan redislock',
            $this->argument('subcommand'), (array) $this->argument('args'), $this->options());
    }

    /**
     * The connection without --dsn: the redis connection named by --connection,
     * or by the first redislock cache store, read as the lock store reads it.
     *
     * @return string|array<string, mixed>|null
     */
    protected function connectionOptions(): string|array|null
    {
        $config = $this->laravel->bound('config') ? $this->laravel['config'] : null;
        $name = $this->option('connection');
        if (($name === null || $name === '') && $config !== null) {
            foreach ((array) $config->get('cache.stores', []) as $store) {
                if (is_array($store) && ($store['driver'] ?? null) === 'redislock') {
                    $name = ConnectionConfig::lockConnection($store);
                    break;
                }
            }
        }
        $redis = $config !== null ? (array) $config->get('database.redis', []) : [];
        if (($name === null || $name === '') && isset($redis['default'])) {
            $name = 'default';
        }
        if ($name !== null && $name !== '') {
            return ConnectionConfig::redisConnectionOptions($redis, (string) $name);
        }
        $dsn = getenv('REDISLOCK_DSN');

        return $dsn === false || $dsn === '' ? null : $dsn;
    }
}
