<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The "redislock" command's arguments, parsed: the subcommand, its positional
 * arguments and the options. Knows the options' syntax and the checks of the
 * arguments themselves (how many, not empty, --count's form); what a
 * subcommand does with them is CliCommands'.
 */
final class CliArguments
{
    /** Options that take a value. */
    private const VALUE_OPTIONS = ['dsn', 'prefix', 'lock-prefix', 'semaphore-prefix', 'queue-prefix', 'limiter-prefix', 'latch-prefix', 'count', 'for', 'listen'];

    /** Options that are flags. */
    private const FLAG_OPTIONS = ['json', 'yes', 'semaphore', 'help', 'back', 'actions'];

    /**
     * @param list<string> $positional the arguments after the subcommand
     * @param array<string, string|true> $options
     */
    private function __construct(
        public readonly ?string $subcommand,
        public readonly array $positional,
        public readonly array $options,
    ) {
    }

    /**
     * "help SUBCOMMAND" is "SUBCOMMAND --help".
     *
     * @param list<string> $args the arguments, without the program name
     * @throws UsageException on an unknown option, a flag given a value, or a missing value
     */
    public static function parse(array $args): self
    {
        $positional = [];
        $options = [];
        $n = count($args);
        for ($i = 0; $i < $n; $i++) {
            $arg = (string) $args[$i];
            if ($arg === '--') {
                array_push($positional, ...array_map('strval', array_slice($args, $i + 1)));
                break;
            }
            if ($arg === '-h') {
                $options['help'] = true;
                continue;
            }
            if (strncmp($arg, '--', 2) !== 0 || $arg === '--') {
                $positional[] = $arg;
                continue;
            }
            $name = substr($arg, 2);
            $value = null;
            if (($eq = strpos($name, '=')) !== false) {
                $value = substr($name, $eq + 1);
                $name = substr($name, 0, $eq);
            }
            if (in_array($name, self::FLAG_OPTIONS, true)) {
                if ($value !== null) {
                    throw new UsageException("option --$name takes no value");
                }
                $options[$name] = true;
            } elseif (in_array($name, self::VALUE_OPTIONS, true)) {
                if ($value === null) {
                    if ($i + 1 >= $n) {
                        throw new UsageException("option --$name needs a value");
                    }
                    $value = (string) $args[++$i];
                }
                $options[$name] = $value;
            } else {
                throw new UsageException("unknown option --" . Names::escape($name));
            }
        }
        $sub = array_shift($positional);
        if ($sub === 'help') {
            $sub = array_shift($positional);
            $options['help'] = true;
        }

        return new self($sub, $positional, $options);
    }

    public function has(string $option): bool
    {
        return isset($this->options[$option]);
    }

    public function value(string $option): ?string
    {
        return isset($this->options[$option]) ? (string) $this->options[$option] : null;
    }

    /**
     * The positional arguments, checked: between $min and $max of them, none empty.
     *
     * @return list<string>
     * @throws UsageException
     */
    public function arguments(int $min, int $max): array
    {
        $args = $this->positional;
        if (count($args) < $min) {
            throw new UsageException('missing argument');
        }
        if (count($args) > $max) {
            throw new UsageException("unexpected argument '" . Names::escape($args[$max]) . "'");
        }
        foreach ($args as $arg) {
            if ($arg === '') {
                throw new UsageException('a name must not be empty');
            }
        }

        return $args;
    }

    /**
     * --count for the subcommand that takes it (dead), 100 without it.
     *
     * @throws UsageException
     */
    public function count(string $subcommand): int
    {
        if (!isset($this->options['count'])) {
            return 100;
        }
        if ($subcommand !== 'dead') {
            throw new UsageException('--count applies to dead only');
        }
        if (!preg_match('/^[1-9][0-9]{0,8}$/D', (string) $this->options['count'])) {
            throw new UsageException('--count must be a positive integer');
        }

        return (int) $this->options['count'];
    }

    /**
     * --for for the subcommand that takes it (pause-queue): seconds, a decimal
     * number greater than 0; 0.0 without it (until resume-queue).
     *
     * @throws UsageException
     */
    public function seconds(string $subcommand): float
    {
        if (!isset($this->options['for'])) {
            return 0.0;
        }
        if ($subcommand !== 'pause-queue') {
            throw new UsageException('--for applies to pause-queue only');
        }
        $v = (string) $this->options['for'];
        if (!preg_match('/^[0-9]{1,10}(\.[0-9]{1,6})?$/D', $v) || (float) $v <= 0.0) {
            throw new UsageException('--for must be a number of seconds greater than 0, such as 600 or 0.5');
        }

        return (float) $v;
    }
}
