<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The arguments of the redislock command, rebuilt from what a framework's
 * console parsed (its subcommand and argument list, and the options by name),
 * so that the artisan and Symfony commands run the same Cli as bin/redislock.
 */
final class ConsoleArguments
{
    /** Options with a value, as the console commands declare them. */
    public const VALUE_OPTIONS = ['dsn', 'prefix', 'lock-prefix', 'semaphore-prefix', 'queue-prefix', 'limiter-prefix', 'latch-prefix', 'count', 'for'];

    /** Flags, as the console commands declare them. */
    public const FLAG_OPTIONS = ['json', 'yes', 'semaphore', 'back'];

    /**
     * @param list<string> $args
     * @param array<string, mixed> $options the console's options by name
     * @return list<string>
     */
    public static function build(?string $subcommand, array $args, array $options): array
    {
        $argv = [];
        if ($subcommand !== null && $subcommand !== '') {
            $argv[] = $subcommand;
        }
        foreach (self::VALUE_OPTIONS as $name) {
            if (isset($options[$name]) && $options[$name] !== '' && $options[$name] !== false) {
                $argv[] = "--$name=" . (string) $options[$name];
            }
        }
        foreach (self::FLAG_OPTIONS as $name) {
            if (!empty($options[$name])) {
                $argv[] = "--$name";
            }
        }
        // Names and ids after "--": a name that starts with "--" stays a name.
        $argv[] = '--';
        foreach ($args as $arg) {
            $argv[] = (string) $arg;
        }

        return $argv;
    }
}
