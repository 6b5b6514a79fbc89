<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The "redislock" command's subcommands: each reads or acts through the
 * Inspector and shows its result through CliOutput, and returns its exit code.
 */
final class CliCommands
{
    /** The holders' labels inspect shows (a listing shows 3), then how many more. */
    private const HELD_BY_SHOWN = 20;

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
        $queuePrefix = $args->value('queue-prefix') ?? ($usesLocks || in_array($sub, ['metrics', 'limiters'], true) ? null : $prefix);
        $limiterPrefix = $args->value('limiter-prefix') ?? ($sub === 'limiters' ? $prefix : null);
        if ($sub === 'metrics' && $prefix !== null) {
            throw new UsageException('metrics reads locks, semaphores, queues and rate limiters: give --lock-prefix, --semaphore-prefix, --queue-prefix or --limiter-prefix instead of --prefix');
        }

        return new Inspector($connection, $lockPrefix, $semaphorePrefix, $queuePrefix, limiterPrefix: $limiterPrefix);
    }

    /** @throws UsageException */
    public function run(string $sub, CliArguments $args): int
    {
        $semaphore = $args->has('semaphore');
        if ($semaphore && !in_array($sub, ['locks', 'inspect'], true)) {
            throw new UsageException("--semaphore applies to locks and inspect only");
        }
        $count = $args->count($sub);
        switch ($sub) {
            case 'locks':
                $args->arguments(0, 0);

                return $semaphore ? $this->semaphores() : $this->locks();
            case 'inspect':
                [$name] = $args->arguments(1, 1);

                return $semaphore ? $this->inspectSemaphore($name) : $this->inspectLock($name);
            case 'queues':
                $args->arguments(0, 0);

                return $this->queues();
            case 'limiters':
                $args->arguments(0, 0);

                return $this->limiters();
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
            case 'force-unlock':
                [$name] = $args->arguments(1, 1);

                return $this->forceUnlock($name, $args->has('yes'));
            case 'metrics':
                $args->arguments(0, 0);

                return $this->metrics();
        }

        throw new UsageException("unknown subcommand '$sub'");
    }

    private function locks(): int
    {
        return $this->output->listing('locks', 'lock', $this->inspector->pages('lock', $this->output->progress('locks')),
            ['NAME', 'MODE', 'HOLDERS', 'HELD BY', 'TTL', 'WAITERS', 'OLDEST WAIT', 'FENCING', 'PROMISED'],
            static fn (string $name, array $r): array => [
                Names::escape($name), $r['mode'], (string) $r['holders'], CliOutput::heldBy($r['held_by']), CliOutput::seconds($r['ttl']),
                (string) $r['waiters'], CliOutput::seconds($r['oldest_wait']), $r['fencing'] === null ? '-' : (string) $r['fencing'],
                $r['promised'] ? 'yes' : 'no',
            ],
            'no lock is held or awaited',
        );
    }

    private function semaphores(): int
    {
        return $this->output->listing('semaphores', 'semaphore', $this->inspector->pages('semaphore', $this->output->progress('semaphores')),
            ['NAME', 'HELD', 'HOLDERS', 'HELD BY', 'TTLS', 'WAITERS', 'OLDEST WAIT'],
            static fn (string $name, array $r): array => [
                Names::escape($name), (string) $r['held'], (string) $r['holders'], CliOutput::heldBy($r['held_by']), CliOutput::ttls($r['ttls']),
                (string) $r['waiters'], CliOutput::seconds($r['oldest_wait']),
            ],
            'no semaphore is held or awaited',
        );
    }

    private function inspectLock(string $name): int
    {
        $info = $this->inspector->state('lock', $name);
        if ($this->output->json) {
            $this->output->emitJson(Names::json('name', $name) + ['kind' => 'lock', 'free' => $info === null, 'state' => $info === null ? null : Names::jsonState($info)]);
        } elseif ($info === null) {
            $this->output->write('lock ' . Names::escape($name) . " is free: nobody holds it, nobody waits\n");
        } else {
            $this->output->pairs([
                'name' => Names::escape($name),
                'mode' => $info['mode'],
                'holders' => (string) $info['holders'],
                'held by' => CliOutput::heldBy($info['held_by'], self::HELD_BY_SHOWN),
                'ttl' => CliOutput::seconds($info['ttl']),
                'waiters' => (string) $info['waiters'],
                'oldest wait' => CliOutput::seconds($info['oldest_wait']),
                'fencing' => $info['fencing'] === null ? '-' : (string) $info['fencing'],
                'promised' => $info['promised'] ? 'yes (to its first waiter)' : 'no',
            ]);
        }

        return $info === null ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    private function inspectSemaphore(string $name): int
    {
        $info = $this->inspector->state('semaphore', $name);
        if ($this->output->json) {
            $this->output->emitJson(Names::json('name', $name) + ['kind' => 'semaphore', 'free' => $info === null, 'state' => $info === null ? null : Names::jsonState($info)]);
        } elseif ($info === null) {
            $this->output->write('semaphore ' . Names::escape($name) . " is free: no permit is held, nobody waits\n");
        } else {
            $this->output->pairs([
                'name' => Names::escape($name),
                'held' => $info['held'] . ' permits',
                'holders' => (string) $info['holders'],
                'held by' => CliOutput::heldBy($info['held_by'], self::HELD_BY_SHOWN),
                'ttls' => CliOutput::ttls($info['ttls']),
                'waiters' => (string) $info['waiters'],
                'oldest wait' => CliOutput::seconds($info['oldest_wait']),
            ]);
        }

        return $info === null ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
    }

    private function queues(): int
    {
        return $this->output->listing('queues', 'queue', $this->inspector->pages('queue', $this->output->progress('queues')),
            ['QUEUE', 'DUE', 'DELAYED', 'INFLIGHT', 'DEAD', 'OLDEST DUE', 'NEXT DUE IN', 'OVERDUE'],
            static fn (string $name, array $r): array => [
                Names::escape($name), (string) $r['due'], (string) $r['delayed'], (string) $r['inflight'],
                (string) $r['dead'], CliOutput::seconds($r['due'] > 0 ? $r['oldest_due_age'] : null),
                CliOutput::seconds($r['next_due_in']), (string) $r['overdue'],
            ],
            'no queue',
        );
    }

    private function limiters(): int
    {
        return $this->output->listing('limiters', 'limiter', $this->inspector->pages('limiter', $this->output->progress('limiters')),
            ['NAME', 'POLICY', 'LIMIT', 'INTERVAL', 'BURST', 'REMAINING', 'RETRY AFTER', 'RESET AFTER', 'BACKLOG'],
            static fn (string $name, array $r): array => [
                Names::escape($name), $r['policy'], (string) $r['limit'], CliOutput::seconds($r['interval']),
                $r['burst'] === null ? '-' : (string) $r['burst'], (string) $r['remaining'], CliOutput::seconds($r['retry_after']),
                CliOutput::seconds($r['reset_after']), CliOutput::seconds($r['backlog']),
            ],
            'no rate limiter has a state',
        );
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
                'oldest due age' => CliOutput::seconds($s['due'] > 0 ? $s['oldest_due_age'] : null),
                'next due in' => CliOutput::seconds($s['next_due_in']),
                'overdue' => (string) $s['overdue'],
            ]);
        }

        return $empty ? Cli::EXIT_EMPTY : Cli::EXIT_OK;
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
        $sections = ['queues', 'locks', 'semaphores', 'limiters'];
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
