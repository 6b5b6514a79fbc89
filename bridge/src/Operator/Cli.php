<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The "redislock" command: what bridge/bin/redislock runs, and what the artisan
 * and Symfony console commands call with their own output and confirmation.
 *
 * Exit codes: EXIT_OK 0; EXIT_EMPTY 1 (a lock or semaphore that nobody holds or
 * waits for, a queue with nothing in it, no dead letters, nothing retried,
 * purged or unlocked); EXIT_USAGE 2 (bad arguments, a bad name or DSN);
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

    /** Options that take a value. */
    private const VALUE_OPTIONS = ['dsn', 'prefix', 'lock-prefix', 'semaphore-prefix', 'queue-prefix', 'count'];

    /** Options that are flags. */
    private const FLAG_OPTIONS = ['json', 'yes', 'semaphore', 'help'];

    /** synopsis, summary, description */
    private const SUBCOMMANDS = [
        'locks' => ['locks [--semaphore]', 'the held or awaited locks (or semaphores)', 'Lists the locks that are held or awaited (--semaphore: the semaphores), with their state, a page of up to 1000 names at a time, sorted within the page. A name the server refuses to read (another application\'s key, a key of another type) is named on stderr (and under "errors" with --json), the others are listed, and the exit code is 6.'],
        'inspect' => ['inspect NAME [--semaphore]', "a lock's (or a semaphore's) state", "A lock's state (--semaphore: a semaphore's): mode, holders, time to live, waiters, the first waiter's wait, the fencing number, whether it is promised to a waiter. Exits 1 when nobody holds it and nobody waits."],
        'queues' => ['queues', 'the queues with their stats', 'Lists the queues with their stats, a page of up to 1000 at a time (one round trip each), sorted within the page. A name the server refuses to read (another application\'s key, a key of another type) is named on stderr (and under "errors" with --json), the others are listed, and the exit code is 6.'],
        'stats' => ['stats QUEUE', "a queue's stats", "The stats of a queue: due, delayed, in flight, dead, the oldest due task's age, the time to the next delayed one, overdue reservations. Exits 1 when the queue holds nothing."],
        'dead' => ['dead QUEUE [--count N]', "a queue's oldest dead letters", "The oldest N (default 100) dead letters of a queue: id, attempts, when it died, its payload's size (never the payload). Exits 1 when there are none."],
        'retry-dead' => ['retry-dead QUEUE [ID...]', 'puts dead letters back in the queue', 'Puts the dead letters named (all of them without IDs) back in the queue, due now, attempts forgotten. Exits 1 when none was; exits 7 when the reply did not come (it may have run).'],
        'purge-dead' => ['purge-dead QUEUE [--yes]', "drops a queue's dead letters", 'Drops every dead letter of a queue. Asks for confirmation on a terminal; without one, refuses (exit 4) unless --yes. Exits 1 when there were none; exits 7 when the reply did not come (it may have run).'],
        'force-unlock' => ['force-unlock NAME [--yes]', 'removes a lock whoever holds it', 'Removes a lock whoever holds it and wakes its next waiter; the holder is not told. Asks for confirmation on a terminal; without one, refuses (exit 4) unless --yes. Exits 1 when there was no lock to remove; exits 7 when the reply did not come (it may have run).'],
        'metrics' => ['metrics', 'Prometheus metrics of it all', 'The queues, locks and semaphores in the Prometheus text exposition format (--json: the same samples as JSON). A name the server refuses to read is a redislock_queue_errors, redislock_lock_errors or redislock_semaphore_errors sample and a line on stderr; the exit code is then 6. Names in label values: a backslash as two, control bytes and bytes that are not UTF-8 as \\xNN.'],
    ];

    /** @var \Closure(string): void */
    private \Closure $out;

    /** @var \Closure(string): void */
    private \Closure $err;

    /** @var (\Closure(string): bool)|null */
    private ?\Closure $confirm;

    /** @var (\Closure(string): void)|null */
    private ?\Closure $status;

    private bool $json = false;

    /** Whether a progress line is on the terminal now. */
    private bool $statusShown = false;

    /** Whether a listing has begun its output (its rows show its progress then). */
    private bool $listing = false;

    /** The key of the list a --json listing has opened and not closed yet. */
    private ?string $openJson = null;

    /** @var list<string> secrets to mask in messages */
    private array $secrets = [];

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
        private string $program = 'redislock',
    ) {
        $this->out = \Closure::fromCallable($out);
        $this->err = \Closure::fromCallable($err);
        $this->confirm = $confirm === null ? null : \Closure::fromCallable($confirm);
        $this->status = $status === null ? null : \Closure::fromCallable($status);
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
            [$positional, $options] = $this->parse($args);
        } catch (UsageException $e) {
            return $this->fail(self::EXIT_USAGE, $e->getMessage() . "\n" . $this->shortUsage());
        }
        $this->json = isset($options['json']);
        $sub = array_shift($positional);
        if ($sub === 'help') {
            $sub = array_shift($positional);
            $options['help'] = true;
        }
        if ($sub === null) {
            if (isset($options['help'])) {
                ($this->out)($this->usage());

                return self::EXIT_OK;
            }

            return $this->fail(self::EXIT_USAGE, "no subcommand given\n" . $this->shortUsage());
        }
        if (!isset(self::SUBCOMMANDS[$sub])) {
            return $this->fail(self::EXIT_USAGE, "unknown subcommand '" . self::printable($sub) . "'\n" . $this->shortUsage());
        }
        if (isset($options['help'])) {
            ($this->out)($this->subUsage($sub));

            return self::EXIT_OK;
        }
        $connection = $options['dsn'] ?? $this->connection;
        $this->secrets = self::secretsOf($connection);
        try {
            $inspector = $this->inspector($sub, $connection, $options);

            return $this->dispatch($sub, $positional, $options, $inspector);
        } catch (UsageException $e) {
            return $this->fail(self::EXIT_USAGE, $e->getMessage() . "\n" . 'Usage: ' . $this->program . ' ' . self::SUBCOMMANDS[$sub][0]);
        } catch (UnsupportedException $e) {
            return $this->fail(self::EXIT_UNSUPPORTED, $e->getMessage());
        } catch (OutcomeUnknownException $e) {
            return $this->fail(self::EXIT_UNKNOWN, $e->getMessage());
        } catch (\RedisLockConnectionException | \RedisLockTimeoutException $e) {
            return $this->fail(self::EXIT_REDIS, 'cannot reach the Redis server: ' . $e->getMessage());
        } catch (\RedisLockException $e) {
            return $this->fail(self::EXIT_REDIS, 'Redis error: ' . $e->getMessage());
        } catch (\BadMethodCallException $e) {
            return $this->fail(self::EXIT_UNSUPPORTED, $e->getMessage());
        } catch (\ValueError | \TypeError $e) {
            return $this->fail(self::EXIT_USAGE, self::plainMessage($e));
        } finally {
            $this->clearStatus();
        }
    }

    private function shortUsage(): string
    {
        return "Usage: {$this->program} [options] SUBCOMMAND [arguments]\nTry '{$this->program} --help'.";
    }

    /** The whole help text. */
    public function usage(): string
    {
        $p = $this->program;
        $text = "Usage: $p [options] SUBCOMMAND [arguments]\n\n"
            . "Looks at and acts on the locks, semaphores and queues of the redislock extension.\n\n"
            . "Subcommands:\n";
        $width = max(array_map(static fn (array $s): int => strlen($s[0]), self::SUBCOMMANDS));
        foreach (self::SUBCOMMANDS as [$synopsis, $summary]) {
            $text .= '  ' . str_pad($synopsis, $width) . '  ' . $summary . "\n";
        }

        return $text . "\n" . self::optionsHelp() . "\n" . self::exitCodesHelp()
            . "\n'$p SUBCOMMAND --help' (or '$p help SUBCOMMAND') describes one subcommand.\n";
    }

    private function subUsage(string $sub): string
    {
        [$synopsis, , $help] = self::SUBCOMMANDS[$sub];

        return "Usage: {$this->program} [options] $synopsis\n\n" . wordwrap($help, 78) . "\n\n"
            . self::optionsHelp() . "\n" . self::exitCodesHelp();
    }

    private static function optionsHelp(): string
    {
        return "Options:\n"
            . "  --dsn DSN                 the connection (default: \$REDISLOCK_DSN, else the INI\n"
            . "                            setting redislock.default_connection)\n"
            . "  --prefix PREFIX           the key prefix of the objects the subcommand uses\n"
            . "  --lock-prefix PREFIX      the locks' prefix (default Lock:)\n"
            . "  --semaphore-prefix PREFIX the semaphores' prefix (default Semaphore:)\n"
            . "  --queue-prefix PREFIX     the queues' prefix (default Queue:)\n"
            . "  --json                    machine-readable output (one JSON document)\n"
            . "  --yes                     confirm a destructive subcommand without asking\n"
            . "  -h, --help                this help\n";
    }

    private static function exitCodesHelp(): string
    {
        return "Exit codes:\n"
            . "  0  done\n"
            . "  1  nothing there: a free lock or semaphore, an empty queue, no dead letters,\n"
            . "     nothing retried, purged or unlocked\n"
            . "  2  usage error: bad arguments, a bad name or DSN\n"
            . "  3  the Redis server cannot be reached, or answered with an error\n"
            . "  4  refused: a destructive subcommand not confirmed (no terminal and no --yes)\n"
            . "  5  the redislock extension is not loaded, or lacks a call the subcommand needs\n"
            . "  6  partial: listed, but the server refused to read some names (each named on\n"
            . "     stderr, and under \"errors\" with --json)\n"
            . "  7  outcome unknown: a destructive subcommand was sent and its reply did not\n"
            . "     come; it may have run: look before running it again\n";
    }

    /**
     * @param list<string> $args
     * @return array{0: list<string>, 1: array<string, string|true>}
     */
    private function parse(array $args): array
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
                throw new UsageException("unknown option --" . self::printable($name));
            }
        }

        return [$positional, $options];
    }

    /**
     * @param string|array<string, mixed>|null $connection
     * @param array<string, string|true> $options
     */
    private function inspector(string $sub, #[\SensitiveParameter] string|array|null $connection, array $options): Inspector
    {
        $prefix = isset($options['prefix']) ? (string) $options['prefix'] : null;
        $semaphore = isset($options['semaphore']);
        $usesLocks = in_array($sub, ['locks', 'inspect', 'force-unlock'], true);
        $lockPrefix = $options['lock-prefix'] ?? ($usesLocks && !$semaphore ? $prefix : null);
        $semaphorePrefix = $options['semaphore-prefix'] ?? ($usesLocks && $semaphore ? $prefix : null);
        $queuePrefix = $options['queue-prefix'] ?? ($usesLocks || $sub === 'metrics' ? null : $prefix);
        if ($sub === 'metrics' && $prefix !== null) {
            throw new UsageException('metrics reads locks, semaphores and queues: give --lock-prefix, --semaphore-prefix or --queue-prefix instead of --prefix');
        }

        return new Inspector(
            $connection,
            $lockPrefix === null ? null : (string) $lockPrefix,
            $semaphorePrefix === null ? null : (string) $semaphorePrefix,
            $queuePrefix === null ? null : (string) $queuePrefix,
        );
    }

    /**
     * @param list<string> $args
     * @param array<string, string|true> $options
     */
    private function dispatch(string $sub, array $args, array $options, Inspector $inspector): int
    {
        $semaphore = isset($options['semaphore']);
        if ($semaphore && !in_array($sub, ['locks', 'inspect'], true)) {
            throw new UsageException("--semaphore applies to locks and inspect only");
        }
        $count = 100;
        if (isset($options['count'])) {
            if ($sub !== 'dead') {
                throw new UsageException('--count applies to dead only');
            }
            if (!preg_match('/^[1-9][0-9]{0,8}$/D', (string) $options['count'])) {
                throw new UsageException('--count must be a positive integer');
            }
            $count = (int) $options['count'];
        }
        switch ($sub) {
            case 'locks':
                $this->arity($args, 0, 0);

                return $semaphore ? $this->semaphores($inspector) : $this->locks($inspector);
            case 'inspect':
                $this->arity($args, 1, 1);

                return $semaphore ? $this->inspectSemaphore($inspector, $args[0]) : $this->inspectLock($inspector, $args[0]);
            case 'queues':
                $this->arity($args, 0, 0);

                return $this->queues($inspector);
            case 'stats':
                $this->arity($args, 1, 1);

                return $this->stats($inspector, $args[0]);
            case 'dead':
                $this->arity($args, 1, 1);

                return $this->dead($inspector, $args[0], $count);
            case 'retry-dead':
                $this->arity($args, 1, PHP_INT_MAX);

                return $this->retryDead($inspector, $args[0], array_slice($args, 1));
            case 'purge-dead':
                $this->arity($args, 1, 1);

                return $this->purgeDead($inspector, $args[0], isset($options['yes']));
            case 'force-unlock':
                $this->arity($args, 1, 1);

                return $this->forceUnlock($inspector, $args[0], isset($options['yes']));
            case 'metrics':
                $this->arity($args, 0, 0);

                return $this->metrics($inspector);
        }

        throw new UsageException("unknown subcommand '$sub'");
    }

    private function locks(Inspector $inspector): int
    {
        return $this->listing('locks', 'lock', $inspector->lockPages($this->progress('locks')),
            ['NAME', 'MODE', 'HOLDERS', 'TTL', 'WAITERS', 'OLDEST WAIT', 'FENCING', 'PROMISED'],
            static fn (string $name, array $r): array => [
                self::printable($name), $r['mode'], (string) $r['holders'], self::seconds($r['ttl']),
                (string) $r['waiters'], self::seconds($r['oldest_wait']), $r['fencing'] === null ? '-' : (string) $r['fencing'],
                $r['promised'] ? 'yes' : 'no',
            ],
            'no lock is held or awaited',
        );
    }

    private function semaphores(Inspector $inspector): int
    {
        return $this->listing('semaphores', 'semaphore', $inspector->semaphorePages($this->progress('semaphores')),
            ['NAME', 'HELD', 'HOLDERS', 'TTLS', 'WAITERS', 'OLDEST WAIT'],
            static fn (string $name, array $r): array => [
                self::printable($name), (string) $r['held'], (string) $r['holders'], self::ttls($r['ttls']),
                (string) $r['waiters'], self::seconds($r['oldest_wait']),
            ],
            'no semaphore is held or awaited',
        );
    }

    /**
     * Prints a listing page by page as it is read: a table whose columns widen
     * when a later page needs it, or one JSON document {$key: rows, "errors":
     * [...]}. Each name the server refused is named on stderr as it comes.
     *
     * @param iterable<array{rows: list<array{name: string, state: array<string, mixed>}>, errors: list<array{name: string, message: string}>}> $pages
     * @param list<string> $headers
     * @param callable(string, array<string, mixed>): list<string> $cells
     */
    private function listing(string $key, string $kind, iterable $pages, array $headers, callable $cells, string $empty): int
    {
        $errors = null;
        $errorCount = 0;
        $rowCount = 0;
        $widths = array_map('strlen', $headers);
        foreach ($pages as $page) {
            foreach ($page['errors'] as ['name' => $name, 'message' => $message]) {
                $errorCount++;
                $this->nameError($kind, $name, $message);
                if ($this->json) {
                    $errors ??= fopen('php://temp/maxmemory:' . Metrics::BUFFER, 'w+b');
                    fwrite($errors, ($errorCount > 1 ? ',' : '') . "\n        " . self::json(['kind' => $kind] + Names::json('name', $name) + ['message' => $this->mask($message)], 0));
                }
            }
            if ($page['rows'] === []) {
                continue;
            }
            $this->clearStatus();
            $this->listing = true;
            if ($this->json) {
                $text = $rowCount === 0 ? "{\n    \"$key\": [" : ',';
                $this->openJson = $key;
                $first = true;
                foreach ($page['rows'] as ['name' => $name, 'state' => $state]) {
                    $text .= ($first ? '' : ',') . "\n        " . self::json(Names::json('name', $name) + $state, 8);
                    $first = false;
                }
                ($this->out)($text);
            } else {
                $rows = [];
                foreach ($page['rows'] as ['name' => $name, 'state' => $state]) {
                    $rows[] = $cells($name, $state);
                }
                $widths = self::widths($widths, $rows);
                ($this->out)(($rowCount === 0 ? self::line($headers, $widths) : '') . implode('', array_map(static fn (array $row): string => self::line($row, $widths), $rows)));
            }
            $rowCount += count($page['rows']);
        }
        $this->clearStatus();
        if ($this->json) {
            $text = $rowCount === 0 ? "{\n    \"$key\": []" : "\n    ]";
            ($this->out)($text . ",\n    \"errors\": [");
            $this->openJson = null;
            if ($errors !== null) {
                rewind($errors);
                while (($chunk = fread($errors, 65536)) !== false && $chunk !== '') {
                    ($this->out)($chunk);
                }
                fclose($errors);
            }
            ($this->out)(($errorCount > 0 ? "\n    ]" : ']') . "\n}\n");
        } elseif ($rowCount === 0) {
            ($this->out)($empty . "\n");
        }

        return $errorCount > 0 ? self::EXIT_PARTIAL : self::EXIT_OK;
    }

    /** A name the server refused to read, named on stderr. */
    private function nameError(string $kind, string $name, string $message): void
    {
        $this->clearStatus();
        ($this->err)($this->program . ": $kind " . self::printable($name) . ' cannot be read: ' . $this->mask($message) . "\n");
    }

    private function inspectLock(Inspector $inspector, string $name): int
    {
        $info = $inspector->lock($name);
        if ($this->json) {
            $this->emitJson(Names::json('name', $name) + ['kind' => 'lock', 'free' => $info === null, 'state' => $info]);
        } elseif ($info === null) {
            ($this->out)('lock ' . self::printable($name) . " is free: nobody holds it, nobody waits\n");
        } else {
            $this->pairs([
                'name' => self::printable($name),
                'mode' => $info['mode'],
                'holders' => (string) $info['holders'],
                'ttl' => self::seconds($info['ttl']),
                'waiters' => (string) $info['waiters'],
                'oldest wait' => self::seconds($info['oldest_wait']),
                'fencing' => $info['fencing'] === null ? '-' : (string) $info['fencing'],
                'promised' => $info['promised'] ? 'yes (to its first waiter)' : 'no',
            ]);
        }

        return $info === null ? self::EXIT_EMPTY : self::EXIT_OK;
    }

    private function inspectSemaphore(Inspector $inspector, string $name): int
    {
        $info = $inspector->semaphore($name);
        if ($this->json) {
            $this->emitJson(Names::json('name', $name) + ['kind' => 'semaphore', 'free' => $info === null, 'state' => $info]);
        } elseif ($info === null) {
            ($this->out)('semaphore ' . self::printable($name) . " is free: no permit is held, nobody waits\n");
        } else {
            $this->pairs([
                'name' => self::printable($name),
                'held' => $info['held'] . ' permits',
                'holders' => (string) $info['holders'],
                'ttls' => self::ttls($info['ttls']),
                'waiters' => (string) $info['waiters'],
                'oldest wait' => self::seconds($info['oldest_wait']),
            ]);
        }

        return $info === null ? self::EXIT_EMPTY : self::EXIT_OK;
    }

    private function queues(Inspector $inspector): int
    {
        return $this->listing('queues', 'queue', $inspector->queuePages($this->progress('queues')),
            ['QUEUE', 'DUE', 'DELAYED', 'INFLIGHT', 'DEAD', 'OLDEST DUE', 'NEXT DUE IN', 'OVERDUE'],
            static fn (string $name, array $r): array => [
                self::printable($name), (string) $r['due'], (string) $r['delayed'], (string) $r['inflight'],
                (string) $r['dead'], self::seconds($r['due'] > 0 ? $r['oldest_due_age'] : null),
                self::seconds($r['next_due_in']), (string) $r['overdue'],
            ],
            'no queue',
        );
    }

    private function stats(Inspector $inspector, string $queue): int
    {
        $s = $inspector->queueStats([$queue])[$queue];
        $empty = $s['due'] + $s['delayed'] + $s['inflight'] + $s['dead'] === 0;
        if ($this->json) {
            $this->emitJson(Names::json('queue', $queue) + $s);
        } else {
            $this->pairs([
                'queue' => self::printable($queue),
                'due' => (string) $s['due'],
                'delayed' => (string) $s['delayed'],
                'inflight' => (string) $s['inflight'],
                'dead' => (string) $s['dead'],
                'oldest due age' => self::seconds($s['due'] > 0 ? $s['oldest_due_age'] : null),
                'next due in' => self::seconds($s['next_due_in']),
                'overdue' => (string) $s['overdue'],
            ]);
        }

        return $empty ? self::EXIT_EMPTY : self::EXIT_OK;
    }

    private function dead(Inspector $inspector, string $queue, int $count): int
    {
        $letters = $inspector->dead($queue, $count);
        if ($this->json) {
            $this->emitJson(Names::json('queue', $queue) + ['dead' => array_map(static fn (array $d): array => Names::json('id', $d['id']) + $d, $letters)]);
        } else {
            $this->table(
                ['ID', 'ATTEMPTS', 'DIED AT (UTC)', 'PAYLOAD'],
                array_map(static fn (array $d): array => [
                    self::printable($d['id']), (string) $d['attempts'], self::time($d['time']),
                    $d['payload_bytes'] === null ? '-' : $d['payload_bytes'] . ' bytes',
                ], $letters),
                'no dead letters in ' . self::printable($queue),
            );
        }

        return $letters === [] ? self::EXIT_EMPTY : self::EXIT_OK;
    }

    /** @param list<string> $ids */
    private function retryDead(Inspector $inspector, string $queue, array $ids): int
    {
        $inspector->reach('queue', $queue);
        $n = $this->sent('retry-dead', fn (): int => $inspector->retryDead($queue, $ids));
        if ($this->json) {
            $this->emitJson(Names::json('queue', $queue) + ['retried' => $n]);
        } else {
            ($this->out)("$n dead " . ($n === 1 ? 'letter' : 'letters') . ' of ' . self::printable($queue) . " put back in the queue\n");
        }

        return $n === 0 ? self::EXIT_EMPTY : self::EXIT_OK;
    }

    private function purgeDead(Inspector $inspector, string $queue, bool $yes): int
    {
        $inspector->reach('queue', $queue);
        $refused = $this->confirmOrRefuse($yes, 'Drop every dead letter of queue ' . self::printable($queue) . '?');
        if ($refused !== null) {
            return $refused;
        }
        $n = $this->sent('purge-dead', fn (): int => $inspector->purgeDead($queue));
        if ($this->json) {
            $this->emitJson(Names::json('queue', $queue) + ['purged' => $n]);
        } else {
            ($this->out)("$n dead " . ($n === 1 ? 'letter' : 'letters') . ' of ' . self::printable($queue) . " dropped\n");
        }

        return $n === 0 ? self::EXIT_EMPTY : self::EXIT_OK;
    }

    private function forceUnlock(Inspector $inspector, string $name, bool $yes): int
    {
        $inspector->reach('lock', $name);
        $refused = $this->confirmOrRefuse($yes, 'Remove lock ' . self::printable($name) . ' whoever holds it? Its holder is not told.');
        if ($refused !== null) {
            return $refused;
        }
        $removed = $this->sent('force-unlock', fn (): bool => $inspector->forceUnlock($name));
        if ($this->json) {
            $this->emitJson(Names::json('name', $name) + ['removed' => $removed]);
        } else {
            ($this->out)('lock ' . self::printable($name) . ($removed ? " removed\n" : " was not held: nothing removed\n"));
        }

        return $removed ? self::EXIT_OK : self::EXIT_EMPTY;
    }

    private function metrics(Inspector $inspector): int
    {
        $progress = $this->progress('metrics');
        $started = false;
        $out = function (string $chunk) use (&$started): void {
            if (!$started) {
                $this->clearStatus();
                $this->listing = $started = true;
            }
            ($this->out)($chunk);
        };
        $onError = fn (string $kind, string $name, string $message) => $this->nameError($kind, $name, $message);
        $sections = ['queues', 'locks', 'semaphores'];
        $errors = $this->json
            ? Metrics::writeJson($out, $inspector, $sections, $progress, $onError)
            : Metrics::write($out, $inspector, $sections, $progress, $onError);

        return $errors > 0 ? self::EXIT_PARTIAL : self::EXIT_OK;
    }

    /**
     * Runs a destructive call whose connection is known to work: when it fails
     * to get a reply, the command was sent and may have run.
     *
     * @template T
     * @param callable(): T $call
     * @return T
     */
    private function sent(string $what, callable $call): mixed
    {
        try {
            return $call();
        } catch (\RedisLockConnectionException | \RedisLockTimeoutException $e) {
            throw new OutcomeUnknownException(
                "outcome unknown: $what was sent but its reply did not come (" . $e->getMessage()
                . '); it may have run: look before running it again',
                0,
                $e,
            );
        }
    }

    /** Null when the action may go ahead, else the exit code of a refusal. */
    private function confirmOrRefuse(bool $yes, string $question): ?int
    {
        if ($yes) {
            return null;
        }
        if ($this->confirm === null) {
            return $this->fail(self::EXIT_REFUSED, 'refused: no terminal to confirm on; pass --yes to do it anyway');
        }
        if (!($this->confirm)($question)) {
            return $this->fail(self::EXIT_REFUSED, 'not confirmed: nothing done');
        }

        return null;
    }

    /** @param list<string> $args */
    private function arity(array $args, int $min, int $max): void
    {
        if (count($args) < $min) {
            throw new UsageException('missing argument');
        }
        if (count($args) > $max) {
            throw new UsageException("unexpected argument '" . self::printable($args[$max]) . "'");
        }
        foreach ($args as $arg) {
            if ($arg === '') {
                throw new UsageException('a name must not be empty');
            }
        }
    }

    /** A progress callback for a listing: a status line once it has taken over half a second. */
    private function progress(string $what): ?\Closure
    {
        if ($this->status === null) {
            return null;
        }
        $start = microtime(true);

        return function (int $count) use ($what, $start): void {
            if (!$this->listing && microtime(true) - $start > 0.5) {
                ($this->status)("listing $what: $count names so far...");
                $this->statusShown = true;
            }
        };
    }

    private function clearStatus(): void
    {
        if ($this->statusShown && $this->status !== null) {
            ($this->status)('');
            $this->statusShown = false;
        }
    }

    private function fail(int $code, string $message): int
    {
        $this->clearStatus();
        $message = $this->mask($message);
        ($this->err)($this->program . ': ' . $message . "\n");
        if ($this->json && $this->openJson !== null) {
            // A listing's document is open: the error closes it.
            ($this->out)("\n    ],\n    \"error\": " . self::json(['exit_code' => $code, 'message' => strtok($message, "\n")], 4) . "\n}\n");
            $this->openJson = null;
        } elseif ($this->json) {
            $this->emitJson(['error' => ['exit_code' => $code, 'message' => strtok($message, "\n")]]);
        }

        return $code;
    }

    private function emitJson(mixed $value): void
    {
        $this->clearStatus();
        ($this->out)(self::json($value, 0) . "\n");
    }

    /** $value as pretty JSON, its lines after the first indented by $indent spaces. */
    private static function json(mixed $value, int $indent): string
    {
        $text = json_encode(
            $value,
            JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION
            | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR,
        );

        return $indent === 0 ? $text : str_replace("\n", "\n" . str_repeat(' ', $indent), $text);
    }

    /**
     * @param list<string> $headers
     * @param list<list<string>> $rows
     */
    private function table(array $headers, array $rows, string $empty): void
    {
        $this->clearStatus();
        if ($rows === []) {
            ($this->out)($empty . "\n");

            return;
        }
        $widths = self::widths(array_map('strlen', $headers), $rows);
        $text = self::line($headers, $widths);
        foreach ($rows as $row) {
            $text .= self::line($row, $widths);
        }
        ($this->out)($text);
    }

    /**
     * @param list<int> $widths
     * @param list<list<string>> $rows
     * @return list<int>
     */
    private static function widths(array $widths, array $rows): array
    {
        foreach ($rows as $row) {
            foreach ($row as $i => $cell) {
                $widths[$i] = max($widths[$i], strlen($cell));
            }
        }

        return $widths;
    }

    /**
     * @param list<string> $cells
     * @param list<int> $widths
     */
    private static function line(array $cells, array $widths): string
    {
        $parts = [];
        foreach ($cells as $i => $cell) {
            // the first column (a name) left-aligned, numbers right-aligned
            $parts[] = $i === 0 || !preg_match('/^[-0-9.]/', $cell)
                ? str_pad($cell, $widths[$i])
                : str_pad($cell, $widths[$i], ' ', STR_PAD_LEFT);
        }

        return rtrim(implode('  ', $parts)) . "\n";
    }

    /** @param array<string, string> $pairs */
    private function pairs(array $pairs): void
    {
        $width = max(array_map('strlen', array_keys($pairs)));
        $text = '';
        foreach ($pairs as $key => $value) {
            $text .= str_pad($key . ':', $width + 1) . ' ' . $value . "\n";
        }
        ($this->out)($text);
    }

    private function mask(string $message): string
    {
        foreach ($this->secrets as $secret) {
            if ($secret !== '') {
                $message = str_replace([$secret, rawurlencode($secret)], '***', $message);
            }
        }

        return $message;
    }

    /**
     * The passwords of a connection, to keep out of messages.
     *
     * @param string|array<string, mixed>|null $connection
     * @return list<string>
     */
    private static function secretsOf(#[\SensitiveParameter] string|array|null $connection): array
    {
        $secrets = [];
        if (is_array($connection)) {
            array_walk_recursive($connection, static function ($value, $key) use (&$secrets): void {
                if ($key === 'password' && is_string($value)) {
                    $secrets[] = $value;
                }
            });
        } elseif (is_string($connection)) {
            /* The userinfo ends at the first '@' of a well-formed DSN, and at the last
             * one when the password holds an unencoded '@' or '/' (as the extension
             * reads it): both candidates are masked. */
            $rest = preg_replace('~^[a-z+-]+://~i', '', $connection, 1, $hasScheme);
            $ats = $hasScheme ? [strpos($rest, '@'), strrpos($rest, '@')] : [];
            foreach (array_unique(array_filter($ats, static fn ($at): bool => $at !== false)) as $at) {
                $userinfo = substr($rest, 0, $at);
                $password = str_contains($userinfo, ':') ? substr($userinfo, strpos($userinfo, ':') + 1) : $userinfo;
                $secrets[] = $password;
                $secrets[] = rawurldecode($password);
            }
            if (preg_match_all('~[?&](?:password|auth)=([^&#]*)~i', $connection, $m)) {
                foreach ($m[1] as $p) {
                    $secrets[] = $p;
                    $secrets[] = rawurldecode($p);
                }
            }
        }

        return array_values(array_filter(array_unique($secrets), static fn (string $s): bool => $s !== ''));
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

    private static function seconds(?float $s): string
    {
        return $s === null ? '-' : sprintf('%.3fs', $s);
    }

    /** @param list<float> $ttls */
    private static function ttls(array $ttls): string
    {
        if ($ttls === []) {
            return '-';
        }
        $shown = array_map(static fn (float $t): string => sprintf('%.1fs', $t), array_slice($ttls, 0, 5));

        return implode(' ', $shown) . (count($ttls) > 5 ? ' (+' . (count($ttls) - 5) . ')' : '');
    }

    private static function time(float $t): string
    {
        return gmdate('Y-m-d H:i:s', (int) $t) . sprintf('.%03d', (int) (($t - floor($t)) * 1000));
    }
}
