<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The state of the queues, locks and semaphores of one connection in the
 * Prometheus text exposition format (version 0.0.4), every family a gauge:
 *
 *   redislock_queue_tasks{queue,state}            tasks by state: due, delayed, inflight, dead
 *   redislock_queue_oldest_due_age_seconds{queue} how long the oldest due task has waited
 *   redislock_queue_next_due_in_seconds{queue}    time to the first delayed task (only when there is one)
 *   redislock_queue_overdue_reservations{queue}   reservations past their deadline, not yet returned
 *   redislock_locks_held{mode}                    lock names held, exclusive or shared
 *   redislock_lock_holders{lock,mode}             holders of each held lock
 *   redislock_lock_waiters{lock}                  callers waiting for each lock
 *   redislock_lock_oldest_wait_seconds{lock}      how long its first waiter has waited
 *   redislock_semaphore_permits_held{semaphore}   permits held
 *   redislock_semaphore_holders{semaphore}        acquisitions holding them
 *   redislock_semaphore_waiters{semaphore}        callers waiting for permits
 *   redislock_semaphore_oldest_wait_seconds{semaphore}
 *
 * No token is ever part of the output. A page serves it with the content type
 * CONTENT_TYPE:
 *
 *   header('Content-Type: ' . Metrics::CONTENT_TYPE);
 *   echo Metrics::render('redis://127.0.0.1:6379');
 *
 * Locks and semaphores need RedisLock/RedisSemaphore::names() and inspect(); on
 * an extension without them their families are left out, with a comment line
 * saying so.
 */
final class Metrics
{
    public const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

    /** @var array<string, array{help: string, samples: list<array{labels: array<string, string>, value: int|float}>}> */
    private array $families = [];

    /** @var list<string> */
    private array $comments = [];

    private function __construct()
    {
    }

    /**
     * The exposition text for a connection (a DSN, an options array, null for the
     * INI default) or an Inspector. $sections: any of "queues", "locks", "semaphores".
     *
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     */
    public static function render(
        #[\SensitiveParameter] Inspector|string|array|null $connection = null,
        array $sections = ['queues', 'locks', 'semaphores'],
        ?callable $progress = null,
    ): string {
        return self::collect($connection, $sections, $progress)->text();
    }

    /**
     * The same families as data: a list of ['name', 'help', 'type' => 'gauge',
     * 'samples' => list of ['labels' => array<string, string>, 'value' => int|float]].
     *
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     * @return list<array{name: string, help: string, type: string, samples: list<array{labels: array<string, string>, value: int|float}>}>
     */
    public static function data(
        #[\SensitiveParameter] Inspector|string|array|null $connection = null,
        array $sections = ['queues', 'locks', 'semaphores'],
        ?callable $progress = null,
    ): array {
        $out = [];
        foreach (self::collect($connection, $sections, $progress)->families as $name => $family) {
            $out[] = ['name' => $name, 'help' => $family['help'], 'type' => 'gauge', 'samples' => $family['samples']];
        }

        return $out;
    }

    /**
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     */
    private static function collect(
        #[\SensitiveParameter] Inspector|string|array|null $connection,
        array $sections,
        ?callable $progress,
    ): self {
        $inspector = $connection instanceof Inspector ? $connection : new Inspector($connection);
        $m = new self();
        if (in_array('queues', $sections, true)) {
            $m->queues($inspector, $progress);
        }
        if (in_array('locks', $sections, true)) {
            $m->locks($inspector, $progress);
        }
        if (in_array('semaphores', $sections, true)) {
            $m->semaphores($inspector, $progress);
        }

        return $m;
    }

    /** A label value escaped as the text format wants it: backslash, double quote, line feed. */
    public static function escapeLabel(string $value): string
    {
        return str_replace(['\\', '"', "\n"], ['\\\\', '\\"', '\\n'], $value);
    }

    /** A sample value: integers as such, floats with up to microsecond precision. */
    public static function value(int|float $value): string
    {
        if (is_int($value)) {
            return (string) $value;
        }
        if (is_nan($value)) {
            return 'NaN';
        }
        if (is_infinite($value)) {
            return $value > 0 ? '+Inf' : '-Inf';
        }
        $text = rtrim(rtrim(sprintf('%.6F', $value), '0'), '.');

        return $text === '-0' ? '0' : $text;
    }

    private function queues(Inspector $inspector, ?callable $progress): void
    {
        $this->family('redislock_queue_tasks', 'Tasks of a redislock queue by state: due, delayed, inflight (reserved) or dead (dead letters).');
        $this->family('redislock_queue_oldest_due_age_seconds', 'Seconds the oldest due task of the queue has waited (0 when none is due).');
        $this->family('redislock_queue_next_due_in_seconds', 'Seconds until the first delayed task of the queue falls due (absent when none is delayed).');
        $this->family('redislock_queue_overdue_reservations', 'Reservations of the queue past their deadline that no call has returned to the queue yet.');
        foreach ($inspector->queueStats($inspector->queueNames($progress)) as $queue => $s) {
            $label = ['queue' => $queue];
            foreach (['due', 'delayed', 'inflight', 'dead'] as $state) {
                $this->sample('redislock_queue_tasks', $label + ['state' => $state], $s[$state]);
            }
            $this->sample('redislock_queue_oldest_due_age_seconds', $label, $s['oldest_due_age']);
            if ($s['next_due_in'] !== null) {
                $this->sample('redislock_queue_next_due_in_seconds', $label, $s['next_due_in']);
            }
            $this->sample('redislock_queue_overdue_reservations', $label, $s['overdue']);
        }
    }

    private function locks(Inspector $inspector, ?callable $progress): void
    {
        if (!Inspector::supports(\RedisLock::class, 'names') || !Inspector::supports(\RedisLock::class, 'inspect')) {
            $this->comments[] = '# redislock: lock metrics need RedisLock::names() and RedisLock::inspect(), which this extension lacks';

            return;
        }
        $this->family('redislock_locks_held', 'Lock names currently held, by mode (exclusive or shared).');
        $this->family('redislock_lock_holders', 'Holders of a held lock (1 when exclusive).');
        $this->family('redislock_lock_waiters', 'Callers waiting for a lock.');
        $this->family('redislock_lock_oldest_wait_seconds', 'Seconds the first waiter of a lock has waited (absent when none waits).');
        $held = ['exclusive' => 0, 'shared' => 0];
        foreach ($inspector->lockNames($progress) as $name) {
            $info = $inspector->lock($name);
            if ($info === null) {
                continue;   // released since it was listed
            }
            $label = ['lock' => $name];
            if ($info['holders'] > 0) {
                $held[$info['mode']] = ($held[$info['mode']] ?? 0) + 1;
                $this->sample('redislock_lock_holders', $label + ['mode' => $info['mode']], $info['holders']);
            }
            $this->sample('redislock_lock_waiters', $label, $info['waiters']);
            if ($info['oldest_wait'] !== null) {
                $this->sample('redislock_lock_oldest_wait_seconds', $label, $info['oldest_wait']);
            }
        }
        foreach ($held as $mode => $count) {
            $this->sample('redislock_locks_held', ['mode' => $mode], $count);
        }
    }

    private function semaphores(Inspector $inspector, ?callable $progress): void
    {
        if (!Inspector::supports(\RedisSemaphore::class, 'names') || !Inspector::supports(\RedisSemaphore::class, 'inspect')) {
            $this->comments[] = '# redislock: semaphore metrics need RedisSemaphore::names() and RedisSemaphore::inspect(), which this extension lacks';

            return;
        }
        $this->family('redislock_semaphore_permits_held', 'Permits of a semaphore currently held.');
        $this->family('redislock_semaphore_holders', 'Acquisitions holding permits of a semaphore.');
        $this->family('redislock_semaphore_waiters', 'Callers waiting for permits of a semaphore.');
        $this->family('redislock_semaphore_oldest_wait_seconds', 'Seconds the first waiter of a semaphore has waited (absent when none waits).');
        foreach ($inspector->semaphoreNames($progress) as $name) {
            $info = $inspector->semaphore($name);
            if ($info === null) {
                continue;
            }
            $label = ['semaphore' => $name];
            $this->sample('redislock_semaphore_permits_held', $label, $info['held']);
            $this->sample('redislock_semaphore_holders', $label, $info['holders']);
            $this->sample('redislock_semaphore_waiters', $label, $info['waiters']);
            if ($info['oldest_wait'] !== null) {
                $this->sample('redislock_semaphore_oldest_wait_seconds', $label, $info['oldest_wait']);
            }
        }
    }

    private function family(string $name, string $help): void
    {
        $this->families[$name] = ['help' => $help, 'samples' => []];
    }

    /** @param array<string, string> $labels */
    private function sample(string $family, array $labels, int|float $value): void
    {
        $this->families[$family]['samples'][] = ['labels' => array_map(self::utf8(...), $labels), 'value' => $value];
    }

    /** Names are bytes; the format wants UTF-8: invalid sequences become U+FFFD. */
    private static function utf8(string $value): string
    {
        if (preg_match('//u', $value)) {
            return $value;
        }

        return (string) json_decode((string) json_encode($value, JSON_INVALID_UTF8_SUBSTITUTE));
    }

    private function text(): string
    {
        $out = '';
        foreach ($this->families as $name => $family) {
            $out .= "# HELP $name " . str_replace(['\\', "\n"], ['\\\\', '\\n'], $family['help']) . "\n";
            $out .= "# TYPE $name gauge\n";
            foreach ($family['samples'] as $sample) {
                $parts = [];
                foreach ($sample['labels'] as $label => $v) {
                    $parts[] = $label . '="' . self::escapeLabel($v) . '"';
                }
                $out .= $name . '{' . implode(',', $parts) . '} ' . self::value($sample['value']) . "\n";
            }
        }
        foreach ($this->comments as $line) {
            $out .= $line . "\n";
        }

        return $out;
    }
}
