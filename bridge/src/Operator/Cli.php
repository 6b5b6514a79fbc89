<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The "redislock" command: what bridge/bin/redislock runs, and what the artisan
 * and Symfony console commands call with their own output and confirmation.
 * It parses (CliArguments), runs a subcommand (CliCommands) and shows the
 * result (CliOutput, which keeps the connection's passwords out: Secrets); here
 * each failure becomes its exit code.
 *
 * Exit codes: EXIT_OK 0; EXIT_EMPTY 1 (a lock or semaphore that nobody holds or
 * waits for, a queue with nothing in it, a listing with nothing in it, no dead
 * letters, nothing retried, purged or unlocked, a migrate-queue --back not
 * done yet, a resume-queue of a queue not paused); EXIT_USAGE 2 (bad arguments, a bad name or DSN);
 * EXIT_REDIS 3 (the server cannot be reached, or Redis answered with an error);
 * EXIT_REFUSED 4 (a destructive subcommand with no terminal to confirm on and no
 * --yes, or not confirmed); EXIT_UNSUPPORTED 5 (the extension is not loaded, or
 * lacks a call the subcommand needs); EXIT_PARTIAL 6 (a listing or the metrics
 * are complete but for the names the server refused to read, each named on
 * stderr and under "errors" in --json); EXIT_UNKNOWN 7 (a destructive subcommand
 * was sent and its reply did not come: it may have run).
 */
final class Cli
{
    public const EXIT_OK = 0;
    public const EXIT_EMPTY = 1;
    public const EXIT_USAGE = 2;
    public const EXIT_REDIS = 3;
    public const EXIT_REFUSED = 4;
    public const EXIT_UNSUPPORTED = 5;
    public const EXIT_PARTIAL = 6;
    public const EXIT_UNKNOWN = 7;

    private CliOutput $output;

    private CliHelp $help;

    /** @var (\Closure(string): bool)|null */
    private ?\Closure $confirm;

    /**
     * @param callable(string): void $out standard output
     * @param callable(string): void $err error output
     * @param (callable(string): bool)|null $confirm asks a yes/no question; null when there is no terminal to ask on
     * @param (callable(string): void)|null $status shows a transient progress line ('' clears it); null: none
     * @param string|array<string, mixed>|null $connection the connection without --dsn (a DSN, options, or null for the INI setting)
     */
    public function __construct(
        callable $out,
        callable $err,
        ?callable $confirm = null,
        ?callable $status = null,
        #[\SensitiveParameter] private string|array|null $connection = null,
        string $program = 'redislock',
    ) {
        $this->output = new CliOutput(
            \Closure::fromCallable($out),
            \Closure::fromCallable($err),
            $status === null ? null : \Closure::fromCallable($status),
            $program,
        );
        $this->help = new CliHelp($program);
        $this->confirm = $confirm === null ? null : \Closure::fromCallable($confirm);
    }

    /**
     * Runs the command on the process's own streams and environment (the
     * connection: --dsn, else $REDISLOCK_DSN, else the INI setting); returns the
     * exit code.
     *
     * @param list<string> $argv the arguments, without the program name
     */
    public static function main(array $argv): int
    {
        $stdin = defined('STDIN') ? STDIN : fopen('php://stdin', 'r');
        $stderr = defined('STDERR') ? STDERR : fopen('php://stderr', 'w');
        $confirm = null;
        if (is_resource($stdin) && stream_isatty($stdin)) {
            $confirm = static function (string $question) use ($stdin, $stderr): bool {
                fwrite($stderr, $question . ' [y/N] ');
                $answer = fgets($stdin);

                return $answer !== false && preg_match('/^\s*y(es)?\s*$/i', $answer) === 1;
            };
        }
        $status = null;
        if (is_resource($stderr) && stream_isatty($stderr)) {
            $status = static function (string $line) use ($stderr): void {
                fwrite($stderr, "\r\033[K" . $line);
            };
        }
        $dsn = getenv('REDISLOCK_DSN');
        $cli = new self(
            static function (string $text): void {
                echo $text;
            },
            static function (string $text) use ($stderr): void {
                fwrite($stderr, $text);
            },
            $confirm,
            $status,
            $dsn === false || $dsn === '' ? null : $dsn,
        );

        return $cli->run($argv);
    }

    /**
     * @param list<string> $args the arguments, without the program name
     */
    public function run(array $args): int
    {
        try {
            $parsed = CliArguments::parse($args);
        } catch (UsageException $e) {
            return $this->output->fail(self::EXIT_USAGE, $e->getMessage() . "\n" . $this->help->short());
        }
        $this->output->json = $parsed->has('json');
        $sub = $parsed->subcommand;
        if ($sub === null) {
            if ($parsed->has('help')) {
                $this->output->write($this->help->usage());

                return self::EXIT_OK;
            }

            return $this->output->fail(self::EXIT_USAGE, "no subcommand given\n" . $this->help->short());
        }
        if (!CliHelp::exists($sub)) {
            return $this->output->fail(self::EXIT_USAGE, "unknown subcommand '" . self::printable($sub) . "'\n" . $this->help->short());
        }
        if ($parsed->has('help')) {
            $this->output->write($this->help->subcommand($sub));

            return self::EXIT_OK;
        }
        $connection = $parsed->options['dsn'] ?? $this->connection;
        $this->output->secrets = new Secrets($connection);
        try {
            $inspector = CliCommands::inspector($sub, $connection, $parsed);

            return (new CliCommands($inspector, $this->output, $this->confirm))->run($sub, $parsed);
        } catch (UsageException $e) {
            return $this->output->fail(self::EXIT_USAGE, $e->getMessage() . "\n" . $this->help->synopsis($sub));
        } catch (UnsupportedException $e) {
            return $this->output->fail(self::EXIT_UNSUPPORTED, $e->getMessage());
        } catch (OutcomeUnknownException $e) {
            return $this->output->fail(self::EXIT_UNKNOWN, $e->getMessage());
        } catch (\RedisLockConnectionException | \RedisLockTimeoutException $e) {
            return $this->output->fail(self::EXIT_REDIS, 'cannot reach the Redis server: ' . $e->getMessage());
        } catch (\RedisLockException $e) {
            return $this->output->fail(self::EXIT_REDIS, 'Redis error: ' . $e->getMessage());
        } catch (\BadMethodCallException $e) {
            return $this->output->fail(self::EXIT_UNSUPPORTED, $e->getMessage());
        } catch (\ValueError | \TypeError $e) {
            return $this->output->fail(self::EXIT_USAGE, self::plainMessage($e));
        } finally {
            $this->output->clearStatus();
        }
    }

    /** The whole help text. */
    public function usage(): string
    {
        return $this->help->usage();
    }

    /** An argument error's message, saying which argument it is about. */
    private static function plainMessage(\Throwable $e): string
    {
        $message = $e->getMessage();
        if (str_contains($message, '($connection)')) {
            return 'bad DSN or connection options: ' . $message;
        }
        if (str_contains($message, '($name)')) {
            return 'bad name: ' . $message;
        }

        return $message;
    }

    /**
     * Control bytes and bytes that are not UTF-8 shown as \xNN, a backslash as
     * two (Names::escape()): a name cannot drive the terminal, and distinct
     * names stay distinct.
     */
    public static function printable(string $s): string
    {
        return Names::escape($s);
    }
}
