<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The "redislock" command's subcommands: each reads or acts through the
 * Inspector and shows its result through CliOutput, and returns its exit code.
 */
final class CliCommands
{
    /**
     * @param (\Closure(string): bool)|null $confirm asks a yes/no question; null when there is no terminal to ask on
     */
    public function __construct(
        private Inspector $inspector,
        private CliOutput $output,
        private ?\Closure $confirm,
    ) {
    }

    /**
     * The Inspector for a subcommand: --prefix is the prefix of the objects the
     * subcommand uses, the kind's own prefix option wins.
     *
     * @param string|array<string, mixed>|null $connection
     * @throws UsageException
     */
    public static function inspector(string $sub, #[\SensitiveParameter] string|array|null $connection, CliArguments $args): Inspector
    {
        $prefix = $args->value('prefix');
        $semaphore = $args->has('semaphore');
        $usesLocks = in_array($sub, ['locks', 'inspect', 'force-unlock'], true);
        $lockPrefix = $args->value('lock-prefix') ?? ($usesLocks && !$semaphore ? $prefix : null);
        $semaphorePrefix = $args->value('semaphore-prefix') ?? ($usesLocks && $semaphore ? $prefix : null);
        $queuePrefix = $args->value('queue-prefix') ?? ($usesLocks || in_array($sub, ['metrics', 'limiters', 'latches', 'dashboard'], true) ? null : $prefix);
        $limiterPrefix = $args->value('limiter-prefix') ?? ($sub === 'limiters' ? $prefix : null);
        $latchPrefix = $args->value('latch-prefix') ?? ($sub === 'latches' ? $prefix : null);
        if (($sub === 'metrics' || $sub === 'dashboard') && $prefix !== null) {
            throw new UsageException("$sub reads locks, semaphores, queues, rate limiters and latches: give --lock-prefix, --semaphore-prefix, --queue-prefix, --limiter-prefix or --latch-prefix instead of --prefix");
        }

        return new Inspector($connection, $lockPrefix, $semaphorePrefix, $queuePrefix, limiterPrefix: $limiterPrefix, latchPrefix: $latchPrefix);
    }

    /** @throws UsageException */
    public function run(string $sub, CliArguments $args): int
    {
        $semaphore = $args->has('semaphore');
        if ($semaphore && !in_array($sub, ['locks', 'inspect'], true)) {
            throw new UsageException("--semaphore applies to locks and inspect only");
        }
        foreach (['listen', 'actions'] as $option) {
            if ($args->has($option) && $sub !== 'dashboard') {
                throw new UsageException("--$option applies to dashboard only");
            }
        }
        $count = $args->count($sub);
        $for = $args->seconds($sub);
        switch ($sub) {
            case 'locks':
                $args->arguments(0, 0);

                return $semaphore
                    ? $this->listing('semaphore', 'no semaphore is held or awaited')
                    : $this->listing('lock', 'no lock is held or awaited');
            case 'inspect':
                [$name] = $args->arguments(1, 1);

                return $this->inspect($semaphore ? 'semaphore' : 'lock', $name);
            case 'queues':
                $args->arguments(0, 0);

                return $this->listing('queue', 'no queue');
            case 'limiters':
                $args->arguments(0, 0);

                return $this->listing('limiter', 'no rate limiter has a state');
            case 'latches':
                $args->arguments(0, 0);

                return $this->listing('latch', 'no latch');
            case 'stats':
                [$queue] = $args->arguments(1, 1);

                return $this->stats($queue);
            case 'dead':
                [$queue] = $args->arguments(1, 1);

                return $this->dead($queue, $count);
            case 'retry-dead':
                $list = $args->arguments(1, PHP_INT_MAX);

                return $this->retryDead($list[0], array_slice($list, 1));
            case 'purge-dead':
                [$queue] = $args->arguments(1, 1);

                return $this->purgeDead($queue, $args->has('yes'));
            case 'migrate-queue':
                [$queue] = $args->arguments(1, 1);

                return $this->migrateQueue($queue, $args->has('back'));
            case 'pause-queue':
                [$queue] = $args->arguments(1, 1);

                return $this->pauseQueue($queue, $for);
            case 'resume-queue':
                [$queue] = $args->arguments(1, 1);

                return $this->resumeQueue($queue);
            case 'force-unlock':
                [$name] = $args->arguments(1, 1);

                return $this->forceUnlock($name, $args->has('yes'));
            case 'metrics':
                $args->arguments(0, 0);

                return $this->metrics();
            case 'dashboard':
                $args->arguments(0, 0);

                return $this->dashboard($args->value('listen') ?? '127.0.0.1:8088', $args->has('actions'));
        }

        throw new UsageException("unknown subcommand '$sub'");
    }

    /**
     * Serves the dashboard until a SIGINT or SIGTERM (with pcntl; else until
     * killed). The password of a non-loopback address comes from
     * $REDISLOCK_DASHBOARD_PASSWORD, never from the command line (ps shows that).
     *
     * @throws UsageException
     */
    private function dashboard(string $listen, bool $actions): int
    {
        [$host, $port] = \RedisLock\Bridge\Dashboard\Server::parseListen($listen);
        $password = getenv('REDISLOCK_DASHBOARD_PASSWORD');
        $password = $password === false || $password === '' ? null : $password;
        $dashboard = new \RedisLock\Bridge\Dashboard\Dashboard($this->inspector, random_bytes(32), $actions, '', $this->output->secrets);
        $server = new \RedisLock\Bridge\Dashboard\Server($dashboard, $host, $port, $password, function (string $line): void {
            $this->output->log($line);
        });
        // The server reached first (one SCAN step): a wrong DSN fails here, exit 3, not on each page.
        $this->inspector->reach('queue', '');
        $url = $server->listen();
        $this->output->write("serving the dashboard on $url (" . ($actions ? 'actions enabled' : 'read-only')
            . ($password === null ? '' : ', password from REDISLOCK_DASHBOARD_PASSWORD') . ")\n");
        if (function_exists('pcntl_async_signals')) {
            pcntl_async_signals(true);
            foreach ([SIGINT, SIGTERM] as $signal) {
                pcntl_signal($signal, static function () use ($server): void {
                    $server->stop();
                });
            }
        }
        $server->serve();

        return Cli::EXIT_OK;
    }

    /** The listing of $kind ("lock", "semaphore", "limiter", "latch", "queue") under its section's key. */
    private function listing(string $kind, string $empty): int
    {
        $section = Kinds::of($kind)['section'];

        return $this->output->listing($section, $kind, $this->inspector->pages($kind, $this->output->progress($section)),
            CliTables::HEADERS[$kind],
            static fn (string $name, array $r): array => CliTables::row($kind, $name, $r),
            $empty,
        );
    }

    /** inspect of a lock or a semaphore ($kind). */
    private function inspect(string $kind, string $name): int
    {
        $info = $this->inspector->state($kind, $name);
        if ($this->output->json) {
            $this->output->emitJson(Names::json('name', $name) + ['kind' => $kind, 'free' => $info === null, 'state' => $info === null ? null : Names::jsonState($info)]);
        } elseif ($info === null) {
            $this->output->write("$kind " . Names::escape($name) . ($kind === 'lock' ? " is free: nobody holds it, nobody waits\n" : " is free: no permit is held, nobody waits\n"));
        } else {
            $this->output->pairs(CliTables::pairs($kind, $name, $info));
        }

        return $info === null ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    private function stats(string $queue): int
    {
        $s = $this->inspector->queueStats([$queue])[$queue];
        $empty = $s['due'] + $s['delayed'] + $s['inflight'] + $s['dead'] === 0;
        if ($this->output->json) {
            $this->output->emitJson(Names::json('queue', $queue) + $s);
        } else {
            $this->output->pairs([
                'queue' => Names::escape($queue),
                'due' => (string) $s['due'],
                'delayed' => (string) $s['delayed'],
                'inflight' => (string) $s['inflight'],
                'dead' => (string) $s['dead'],
                'oldest due age' => CliTables::seconds($s['due'] > 0 ? $s['oldest_due_age'] : null),
                'next due in' => CliTables::seconds($s['next_due_in']),
                'overdue' => (string) $s['overdue'],
                'paused' => self::paused($s),
            ] + self::counted($s['counts']));
        }

        return $empty ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    /**
     * The counters' lines of stats: runs acked, failed, released, retried, dead
     * letters made, and the median and 95th percentile of the durations (the
     * bucket bounds they fall under).
     *
     * @param array<string, mixed>|null $c Kinds::queueState()'s counts
     * @return array<string, string>
     */
    private static function counted(?array $c): array
    {
        if ($c === null) {
            return [];
        }
        $bound = static function (?float $b): string {
            return match (true) {
                $b === null => '-',
                is_infinite($b) => '> 3600s',
                default => '<= ' . rtrim(rtrim(sprintf('%.3F', $b), '0'), '.') . 's',
            };
        };

        return [
            'processed' => (string) $c['processed'],
            'failed' => (string) $c['failed'],
            'released' => (string) $c['released'],
            'retried' => (string) $c['retried'],
            'dead letters made' => (string) $c['dead'],
            'duration p50' => $bound(Kinds::quantile($c['durations'], 0.5)),
            'duration p95' => $bound(Kinds::quantile($c['durations'], 0.95)),
        ];
    }

    private function dead(string $queue, int $count): int
    {
        $letters = $this->inspector->dead($queue, $count);
        if ($this->output->json) {
            $this->output->emitJson(Names::json('queue', $queue) + ['dead' => array_map(static fn (array $d): array => Names::json('id', $d['id']) + $d, $letters)]);
        } else {
            $this->output->table(
                ['ID', 'ATTEMPTS', 'DIED AT (UTC)', 'PAYLOAD'],
                array_map(static fn (array $d): array => [
                    Names::escape($d['id']), (string) $d['attempts'], CliOutput::time($d['time']),
                    $d['payload_bytes'] === null ? '-' : $d['payload_bytes'] . ' bytes',
                ], $letters),
                'no dead letters in ' . Names::escape($queue),
            );
        }

        return $letters === [] ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    /** @param list<string> $ids */
    private function retryDead(string $queue, array $ids): int
    {
        $this->inspector->reach('queue', $queue);
        $n = $this->sent('retry-dead', fn (): int => $this->inspector->retryDead($queue, $ids));

        return $this->deadLettersDone($queue, 'retried', $n, 'put back in the queue');
    }

    private function purgeDead(string $queue, bool $yes): int
    {
        $this->inspector->reach('queue', $queue);
        $refused = $this->confirmOrRefuse($yes, 'Drop every dead letter of queue ' . Names::escape($queue) . '?');
        if ($refused !== null) {
            return $refused;
        }
        $n = $this->sent('purge-dead', fn (): int => $this->inspector->purgeDead($queue));

        return $this->deadLettersDone($queue, 'purged', $n, 'dropped');
    }

    /** What retry-dead and purge-dead say they did with $n dead letters of $queue. */
    private function deadLettersDone(string $queue, string $field, int $n, string $done): int
    {
        if ($this->output->json) {
            $this->output->emitJson(Names::json('queue', $queue) + [$field => $n]);
        } else {
            $this->output->write("$n dead " . ($n === 1 ? 'letter' : 'letters') . ' of ' . Names::escape($queue) . " $done\n");
        }

        return $n === 0 ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    private function migrateQueue(string $queue, bool $back): int
    {
        $this->inspector->reach('queue', $queue);
        $r = $this->sent('migrate-queue', fn (): array => $this->inspector->migrate($queue, $back));
        if ($this->output->json) {
            $this->output->emitJson(Names::json('queue', $queue) + $r);
        } else {
            $this->output->pairs([
                'queue' => Names::escape($queue),
                'moved' => (string) $r['moved'],
                'settled' => (string) $r['settled'],
                'in zset' => (string) $r['zset'],
                'in flight' => (string) $r['inflight'],
                'layout' => $r['layout'],
                'note' => $back
                    ? ($r['layout'] === 'zset' ? 'the queue is on the zset layout: workers of this release follow it there; clients of an older release may run now' : 'run it again until the layout is zset')
                    : 'every producer and worker of this queue must run this release (an older one sees only the zset, or reads a payload only from its entry); to roll back to any earlier release, run migrate-queue --back first',
            ]);
        }

        return $back && $r['layout'] !== 'zset' ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    /** A queue's pause as the stats show it. */
    private static function paused(array $s): string
    {
        if (!$s['paused']) {
            return 'no';
        }

        return $s['pause_left'] === null ? 'yes, until resume-queue' : 'yes, ' . CliTables::seconds($s['pause_left']) . ' left';
    }

    private function pauseQueue(string $queue, float $for): int
    {
        $this->inspector->reach('queue', $queue);
        $was = !$this->sent('pause-queue', fn (): bool => $this->inspector->pause($queue, $for));
        $until = $for > 0 ? 'for ' . CliTables::seconds($for) : 'until resume-queue';
        if ($this->output->json) {
            $this->output->emitJson(Names::json('queue', $queue) + ['paused' => true, 'was_paused' => $was, 'for' => $for > 0 ? $for : null]);
        } else {
            $this->output->write('queue ' . Names::escape($queue) . ($was ? " was paused already: now paused $until\n" : " paused $until: workers take none of its tasks\n"));
        }

        return Cli::EXIT_OK;
    }

    private function resumeQueue(string $queue): int
    {
        $this->inspector->reach('queue', $queue);
        $was = $this->sent('resume-queue', fn (): bool => $this->inspector->resume($queue));
        if ($this->output->json) {
            $this->output->emitJson(Names::json('queue', $queue) + ['resumed' => $was]);
        } else {
            $this->output->write('queue ' . Names::escape($queue) . ($was ? " resumed\n" : " was not paused: nothing done\n"));
        }

        return $was ? Cli::EXIT_OK : Cli::EXIT_EMPTY;
    }

    private function forceUnlock(string $name, bool $yes): int
    {
        $this->inspector->reach('lock', $name);
        $refused = $this->confirmOrRefuse($yes, 'Remove lock ' . Names::escape($name) . ' whoever holds it? Its holder is not told.');
        if ($refused !== null) {
            return $refused;
        }
        $removed = $this->sent('force-unlock', fn (): bool => $this->inspector->forceUnlock($name));
        if ($this->output->json) {
            $this->output->emitJson(Names::json('name', $name) + ['removed' => $removed]);
        } else {
            $this->output->write('lock ' . Names::escape($name) . ($removed ? " removed\n" : " was not held: nothing removed\n"));
        }

        return $removed ? Cli::EXIT_OK : Cli::EXIT_EMPTY;
    }

    private function metrics(): int
    {
        $progress = $this->output->progress('metrics');
        $started = false;
        $out = function (string $chunk) use (&$started): void {
            if (!$started) {
                $this->output->beginListing();
                $started = true;
            }
            $this->output->write($chunk);
        };
        $onError = fn (string $kind, string $name, string $message) => $this->output->nameError($kind, $name, $message);
        $sections = ['queues', 'locks', 'semaphores', 'limiters', 'latches'];
        $errors = $this->output->json
            ? Metrics::writeJson($out, $this->inspector, $sections, $progress, $onError)
            : Metrics::write($out, $this->inspector, $sections, $progress, $onError);

        return $errors > 0 ? Cli::EXIT_PARTIAL : Cli::EXIT_OK;
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
            return $this->output->fail(Cli::EXIT_REFUSED, 'refused: no terminal to confirm on; pass --yes to do it anyway');
        }
        if (!($this->confirm)($question)) {
            return $this->output->fail(Cli::EXIT_REFUSED, 'not confirmed: nothing done');
        }

        return null;
    }
}
