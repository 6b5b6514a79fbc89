<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The operator's Cli on a framework's console (symfony/console, which artisan
 * runs on too): the one factory of the artisan command and of bin/console's,
 * so that both write, ask and show progress alike. Each command gives only
 * what is its own: how it confirms, its connection, its program name, and what
 * its console parsed.
 */
final class ConsoleCli
{
    private function __construct()
    {
    }

    /** Where a command's errors, questions and progress go: the console's error output, if it has one. */
    public static function errors(OutputInterface $output): OutputInterface
    {
        return $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
    }

    /**
     * A Cli writing raw to $output (and its errors() output), with a progress
     * line there when that is a terminal.
     *
     * @param (callable(string): bool)|null $confirm asks a yes/no question; null when the console is not interactive
     * @param string|array<string, mixed>|null $connection the connection without --dsn
     */
    public static function make(OutputInterface $output, ?callable $confirm, #[\SensitiveParameter] string|array|null $connection, string $program): Cli
    {
        $errors = self::errors($output);
        $status = null;
        if ($errors->isDecorated()) {
            $status = static function (string $line) use ($errors): void {
                $errors->write("\r\033[K" . $line, false, OutputInterface::OUTPUT_RAW);
            };
        }

        return new Cli(
            static function (string $text) use ($output): void {
                $output->write($text, false, OutputInterface::OUTPUT_RAW);
            },
            static function (string $text) use ($errors): void {
                $errors->write($text, false, OutputInterface::OUTPUT_RAW);
            },
            $confirm,
            $status,
            $connection,
            $program,
        );
    }

    /**
     * Runs what the console parsed (its subcommand, argument list and options by
     * name) on make()'s Cli; returns the exit code.
     *
     * @param (callable(string): bool)|null $confirm
     * @param string|array<string, mixed>|null $connection
     * @param list<string> $args
     * @param array<string, mixed> $options
     */
    public static function run(
        OutputInterface $output,
        ?callable $confirm,
        #[\SensitiveParameter] string|array|null $connection,
        string $program,
        mixed $subcommand,
        array $args,
        array $options,
    ): int {
        return self::make($output, $confirm, $connection, $program)->run(ConsoleArguments::build(
            is_string($subcommand) ? $subcommand : null,
            $args,
            $options,
        ));
    }
}
