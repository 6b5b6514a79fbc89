<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * The state of the queues, locks, semaphores, rate limiters and latches of one connection in the
 * Prometheus text exposition format (version 0.0.4). Gauges, the state now:
 *
 *   redislock_queue_tasks{queue,state}            tasks by state: due, delayed, inflight, dead
 *   redislock_queue_oldest_due_age_seconds{queue} how long the oldest due task has waited
 *   redislock_queue_next_due_in_seconds{queue}    time to the first delayed task (only when there is one)
 *   redislock_queue_overdue_reservations{queue}   reservations past their deadline, not yet returned
 *   redislock_queue_paused{queue}                 1 while the queue is paused, else 0
 *   redislock_locks_held{mode}                    lock names held, exclusive or shared
 *   redislock_lock_holders{lock,mode}             holders of each held lock
 *   redislock_lock_holder_info{lock,holder}       1, the first holder's label (only where the extension tells it)
 *   redislock_lock_waiters{lock}                  callers waiting for each lock
 *   redislock_lock_oldest_wait_seconds{lock}      how long its first waiter has waited
 *   redislock_semaphore_permits_held{semaphore}   permits held
 *   redislock_semaphore_holders{semaphore}        acquisitions holding them
 *   redislock_semaphore_holder_info{semaphore,holder} 1, the first holder's label (as for locks)
 *   redislock_semaphore_waiters{semaphore}        callers waiting for permits
 *   redislock_semaphore_oldest_wait_seconds{semaphore}
 *   redislock_limiter_limit{limiter,policy}       tokens per interval of the last call that consumed
 *   redislock_limiter_remaining{limiter}          tokens left now
 *   redislock_limiter_retry_after_seconds{limiter} time until a token is allowed (0 when one is)
 *   redislock_limiter_backlog_seconds{limiter}    time until the last waiter's place (0 when none waits)
 *   redislock_latch_remaining{latch}              the count left (0: open)
 *   redislock_latch_ttl_seconds{latch}            time its lifetime has left (only when it has one)
 *   redislock_queue_errors{queue}, redislock_lock_errors{lock}, redislock_semaphore_errors{semaphore},
 *   redislock_limiter_errors{limiter}, redislock_latch_errors{latch}
 *                                                 1 for each name whose state the server refused to read
 *                                                 (another application's key, a key of another type)
 *
 * Counters, kept in Redis by the queue's scripts and, for acks, by the workers
 * that acked (RedisQueue::stats()'s 'counts'), since the queue's first run of a
 * release that counts:
 *
 *   redislock_queue_processed_jobs_total{queue}   runs acked
 *   redislock_queue_failed_jobs_total{queue}      runs ended by fail() (dead letters now), or acked as failed
 *   redislock_queue_released_jobs_total{queue}   runs given back by release()
 *   redislock_queue_retried_jobs_total{queue}     runs whose reservation lapsed (the worker died or
 *                                                 stalled), queued again for another attempt
 *   redislock_queue_dead_jobs_total{queue}        new dead letters (by fail(), or attempts used up)
 *   redislock_queue_job_duration_seconds{queue}   histogram: reserve() to ack() of the runs acked
 *                                                 by the object that reserved them
 *
 * Label values are names (and holders' labels) escaped by Names::escape(): a
 * backslash written as two, a control byte or a byte that is not UTF-8 as \xNN,
 * so that distinct names stay distinct series; then, as the text format wants,
 * a backslash and a double quote escaped with a backslash (escapeLabel()). No
 * token is ever part of the output.
 *
 * Who holds a name is a family of its own, one series per held name with the
 * first holder's label only: the holders families keep their labels whoever
 * holds, and a page has as many holder series as held names, not holders. A page serves it
 * with the content type CONTENT_TYPE:
 *
 *   header('Content-Type: ' . Metrics::CONTENT_TYPE);
 *   Metrics::write(function (string $chunk): void { echo $chunk; }, 'redis://127.0.0.1:6379');
 *
 * write() and writeJson() stream: their memory is bounded by a page of names
 * (Inspector::page()) and a small buffer per family (spilled to a temporary file
 * beyond BUFFER bytes), plus 8 bytes per name seen; render() and data() return
 * the whole page.
 *
 * Locks, semaphores, rate limiters and latches need their class's names() and inspect();
 * on an extension without them their families are left out, with a comment line
 * saying so.
 */
final class Metrics
{
    public const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

    /** Bytes of a family's samples kept in memory before they spill to a temporary file. */
    public const BUFFER = 262144;

    /** family => [section, help, type (gauge when left out)], in the order of the page. */
    private const FAMILIES = [
        'redislock_queue_tasks' => ['queues', 'Tasks of a redislock queue by state: due, delayed, inflight (reserved) or dead (dead letters).'],
        'redislock_queue_oldest_due_age_seconds' => ['queues', 'Seconds the oldest due task of the queue has waited (0 when none is due).'],
        'redislock_queue_next_due_in_seconds' => ['queues', 'Seconds until the first delayed task of the queue falls due (absent when none is delayed).'],
        'redislock_queue_overdue_reservations' => ['queues', 'Reservations of the queue past their deadline that no call has returned to the queue yet.'],
        'redislock_queue_paused' => ['queues', 'Whether the queue is paused (1) or not (0): a paused queue hands out none of its tasks.'],
        'redislock_queue_processed_jobs_total' => ['queues', 'Runs of the queue acked (ack()).', 'counter'],
        'redislock_queue_failed_jobs_total' => ['queues', 'Runs of the queue that failed: ended by fail() (each a dead letter), or acked as failed by a caller that handles the failure itself (Messenger\'s reject()).', 'counter'],
        'redislock_queue_released_jobs_total' => ['queues', 'Runs of the queue given back by release(), due again after their delay.', 'counter'],
        'redislock_queue_retried_jobs_total' => ['queues', 'Runs of the queue whose reservation lapsed (the worker died or stalled) and that were queued again for another attempt.', 'counter'],
        'redislock_queue_dead_jobs_total' => ['queues', 'Dead letters the queue made: by fail(), or a run that used up its attempts.', 'counter'],
        'redislock_queue_job_duration_seconds' => ['queues', 'Seconds from reserve() to ack() of the runs of the queue acked, with their receipt, by the object that reserved them.', 'histogram'],
        'redislock_queue_errors' => ['queues', 'Names under the queue prefix whose stats the server refused (another application\'s key, a key of another type): 1 each.'],
        'redislock_locks_held' => ['locks', 'Lock names currently held, by mode (exclusive or shared).'],
        'redislock_lock_holders' => ['locks', 'Holders of a held lock (1 when exclusive).'],
        'redislock_lock_holder_info' => ['locks', 'The first holder of a held lock, by its label (host:pid or an application\'s): 1, where the extension tells it.'],
        'redislock_lock_waiters' => ['locks', 'Callers waiting for a lock.'],
        'redislock_lock_oldest_wait_seconds' => ['locks', 'Seconds the first waiter of a lock has waited (absent when none waits).'],
        'redislock_lock_errors' => ['locks', 'Names under the lock prefix whose state the server refused to read: 1 each.'],
        'redislock_semaphore_permits_held' => ['semaphores', 'Permits of a semaphore currently held.'],
        'redislock_semaphore_holders' => ['semaphores', 'Acquisitions holding permits of a semaphore.'],
        'redislock_semaphore_holder_info' => ['semaphores', 'The first holder of permits of a semaphore, by its label (host:pid or an application\'s): 1, where the extension tells it.'],
        'redislock_semaphore_waiters' => ['semaphores', 'Callers waiting for permits of a semaphore.'],
        'redislock_semaphore_oldest_wait_seconds' => ['semaphores', 'Seconds the first waiter of a semaphore has waited (absent when none waits).'],
        'redislock_semaphore_errors' => ['semaphores', 'Names under the semaphore prefix whose state the server refused to read: 1 each.'],
        'redislock_limiter_limit' => ['limiters', 'Tokens per interval of a rate limiter, as the last call that consumed gave it.'],
        'redislock_limiter_remaining' => ['limiters', 'Tokens of a rate limiter left now.'],
        'redislock_limiter_retry_after_seconds' => ['limiters', 'Seconds until a rate limiter allows a token (0 when it does now).'],
        'redislock_limiter_backlog_seconds' => ['limiters', 'Seconds until the place of the last caller waiting on a rate limiter (0 when none waits).'],
        'redislock_limiter_errors' => ['limiters', 'Names under the rate limiter prefix whose state the server refused to read: 1 each.'],
        'redislock_latch_remaining' => ['latches', 'The count a latch has left (0 when it is open).'],
        'redislock_latch_ttl_seconds' => ['latches', 'Seconds the lifetime of a latch has left.'],
        'redislock_latch_errors' => ['latches', 'Names under the latch prefix whose state the server refused to read: 1 each.'],
    ];

    private const JSON_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR;

    /** @var array<string, resource> the samples written so far, by family */
    private array $buffers = [];

    /** @var array<string, int> */
    private array $counts = [];

    /** @var list<string> families left out, each a comment line */
    private array $comments = [];

    /** @var list<string> the families of the sections read */
    private array $families = [];

    /** @var (\Closure(string, string, string): void)|null */
    private ?\Closure $onError;

    private int $errorCount = 0;

    private function __construct(private bool $json, ?callable $onError)
    {
        $this->onError = $onError === null ? null : \Closure::fromCallable($onError);
    }

    public function __destruct()
    {
        foreach ($this->buffers as $buffer) {
            fclose($buffer);
        }
    }

    /**
     * The exposition text for a connection (a DSN, an options array, null for the
     * INI default) or an Inspector, whole. $sections: any of "queues", "locks", "semaphores", "limiters", "latches".
     *
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     */
    public static function render(
        #[\SensitiveParameter] Inspector|string|array|null $connection = null,
        array $sections = ['queues', 'locks', 'semaphores', 'limiters', 'latches'],
        ?callable $progress = null,
    ): string {
        $text = '';
        self::write(static function (string $chunk) use (&$text): void {
            $text .= $chunk;
        }, $connection, $sections, $progress);

        return $text;
    }

    /**
     * Streams the exposition text to $out, in chunks, once every name is read
     * (the text format wants each family's samples together). $onError is
     * called with (kind "queue", "lock", "semaphore", "limiter" or "latch", name, message) for each
     * name the server refused to read. Returns how many there were.
     *
     * @param callable(string): void $out
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     * @param (callable(string, string, string): void)|null $onError
     */
    public static function write(
        callable $out,
        #[\SensitiveParameter] Inspector|string|array|null $connection = null,
        array $sections = ['queues', 'locks', 'semaphores', 'limiters', 'latches'],
        ?callable $progress = null,
        ?callable $onError = null,
    ): int {
        $m = self::collect(false, $connection, $sections, $progress, $onError);
        foreach ($m->families as $name) {
            $out("# HELP $name " . str_replace(['\\', "\n"], ['\\\\', '\\n'], self::FAMILIES[$name][1]) . "\n# TYPE $name " . self::type($name) . "\n");
            $m->drain($name, $out);
        }
        if ($m->comments !== []) {
            $out(implode("\n", $m->comments) . "\n");
        }

        return $m->errorCount;
    }

    /**
     * The same families as data: a list of ['name', 'help', 'type' ('gauge',
     * 'counter' or 'histogram'), 'samples' => list of ['labels' => array<string,
     * string>, 'value' => int|float] (a histogram's with 'name' too: its _bucket,
     * _sum or _count)].
     *
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     * @return list<array{name: string, help: string, type: string, samples: list<array{labels: array<string, string>, value: int|float}>}>
     */
    public static function data(
        #[\SensitiveParameter] Inspector|string|array|null $connection = null,
        array $sections = ['queues', 'locks', 'semaphores', 'limiters', 'latches'],
        ?callable $progress = null,
    ): array {
        $json = '';
        self::writeJson(static function (string $chunk) use (&$json): void {
            $json .= $chunk;
        }, $connection, $sections, $progress);

        return json_decode($json, true, 512, JSON_THROW_ON_ERROR)['metrics'];
    }

    /**
     * Streams the families as one JSON document to $out: {"metrics": data()'s
     * list, "errors": list of ['kind', 'name' (and 'name_base64', see
     * Names::json()), 'message']}. Returns how many errors there were.
     *
     * @param callable(string): void $out
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     * @param (callable(string, string, string): void)|null $onError
     */
    public static function writeJson(
        callable $out,
        #[\SensitiveParameter] Inspector|string|array|null $connection = null,
        array $sections = ['queues', 'locks', 'semaphores', 'limiters', 'latches'],
        ?callable $progress = null,
        ?callable $onError = null,
    ): int {
        $m = self::collect(true, $connection, $sections, $progress, $onError);
        $out("{\n    \"metrics\": [");
        foreach ($m->families as $i => $name) {
            $out(($i > 0 ? ',' : '') . "\n        {\"name\": " . json_encode($name) . ', "help": '
                . json_encode(self::FAMILIES[$name][1], self::JSON_FLAGS) . ', "type": "' . self::type($name) . '", "samples": [');
            $m->drain($name, $out);
            $out(($m->counts[$name] ?? 0) > 0 ? "\n        ]}" : ']}');
        }
        $out("\n    ],\n    \"errors\": [");
        $m->drain('errors', $out);
        $out(($m->counts['errors'] ?? 0) > 0 ? "\n    ]\n}\n" : "]\n}\n");

        return $m->errorCount;
    }

    /**
     * @param Inspector|string|array<string, mixed>|null $connection
     * @param list<string> $sections
     */
    private static function collect(
        bool $json,
        #[\SensitiveParameter] Inspector|string|array|null $connection,
        array $sections,
        ?callable $progress,
        ?callable $onError,
    ): self {
        $inspector = $connection instanceof Inspector ? $connection : new Inspector($connection);
        $m = new self($json, $onError);
        foreach (Kinds::TABLE as $kind => ['section' => $section]) {
            if (in_array($section, $sections, true)) {
                $m->read($inspector, $kind, $progress);
            }
        }

        return $m;
    }

    /** A family's type: gauge, counter or histogram. */
    private static function type(string $family): string
    {
        return self::FAMILIES[$family][2] ?? 'gauge';
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

    /**
     * The families of $kind: its section's, filled a page of names at a time.
     * A kind the extension may lack (Kinds::TABLE's "optional") is left out,
     * with a comment line, when its class has no names() or no state reader.
     */
    private function read(Inspector $inspector, string $kind, ?callable $progress): void
    {
        $k = Kinds::of($kind);
        if ($k['optional'] && (!Inspector::supports($k['class'], 'names') || !Inspector::supports($k['class'], $k['read']))) {
            $this->comments[] = "# redislock: {$k['title']} metrics need {$k['class']}::names() and {$k['class']}::{$k['read']}(), which this extension lacks";

            return;
        }
        $this->section($k['section']);
        $held = ['exclusive' => 0, 'shared' => 0];
        foreach ($inspector->pages($kind, $progress) as $page) {
            foreach ($page['rows'] as ['name' => $name, 'state' => $state]) {
                if ($kind === 'lock' && $state['holders'] > 0) {
                    $held[$state['mode']] = ($held[$state['mode']] ?? 0) + 1;
                }
                foreach (self::samples($kind, $name, $state) as $sample) {
                    $this->sample($sample[0], $sample[1], $sample[2], $sample[3] ?? '');
                }
            }
            $this->errors($kind, $page['errors']);
        }
        if ($kind === 'lock') {
            foreach ($held as $mode => $count) {
                $this->sample('redislock_locks_held', ['mode' => $mode], $count);
            }
        }
    }

    /**
     * The samples of one name of $kind with its state (Kinds::view()'s), in the
     * order of their families: [family, labels (raw, escaped by line()), value,
     * and for a histogram's samples the suffix of their name].
     * redislock_locks_held, which counts every lock, is not among them.
     *
     * @param array<string, mixed> $state
     * @return list<array{0: string, 1: array<string, string>, 2: int|float, 3?: string}>
     */
    public static function samples(string $kind, string $name, array $state): array
    {
        return match ($kind) {
            'queue' => self::queueSamples($name, $state),
            'lock' => self::lockSamples($name, $state),
            'semaphore' => self::semaphoreSamples($name, $state),
            'limiter' => self::limiterSamples($name, $state),
            'latch' => self::latchSamples($name, $state),
        };
    }

    /**
     * One sample in the text format: the labels' values escaped (Names::escape(),
     * then escapeLabel()), the value by value(). $suffix: a histogram's
     * sample's (_bucket, _sum, _count).
     *
     * @param array<string, string> $labels raw values
     */
    public static function line(string $family, array $labels, int|float $value, string $suffix = ''): string
    {
        $parts = [];
        foreach ($labels as $label => $v) {
            $parts[] = $label . '="' . self::escapeLabel(Names::escape($v)) . '"';
        }

        return $family . $suffix . '{' . implode(',', $parts) . '} ' . self::value($value) . "\n";
    }

    /**
     * @param array<string, mixed> $s Kinds::queueState()
     * @return list<array{0: string, 1: array<string, string>, 2: int|float}>
     */
    private static function queueSamples(string $queue, array $s): array
    {
        $label = ['queue' => $queue];
        $out = [];
        foreach (['due', 'delayed', 'inflight', 'dead'] as $state) {
            $out[] = ['redislock_queue_tasks', $label + ['state' => $state], $s[$state]];
        }
        $out[] = ['redislock_queue_oldest_due_age_seconds', $label, $s['oldest_due_age']];
        if ($s['next_due_in'] !== null) {
            $out[] = ['redislock_queue_next_due_in_seconds', $label, $s['next_due_in']];
        }
        $out[] = ['redislock_queue_overdue_reservations', $label, $s['overdue']];
        $out[] = ['redislock_queue_paused', $label, $s['paused'] ? 1 : 0];
        $c = $s['counts'];
        if ($c === null) {
            return $out;
        }
        foreach (['processed', 'failed', 'released', 'retried', 'dead'] as $what) {
            $out[] = ["redislock_queue_{$what}_jobs_total", $label, $c[$what]];
        }
        foreach ($c['durations'] as $le => $n) {
            $out[] = ['redislock_queue_job_duration_seconds', $label + ['le' => (string) $le], $n, '_bucket'];
        }
        $out[] = ['redislock_queue_job_duration_seconds', $label, $c['duration_sum'], '_sum'];
        $out[] = ['redislock_queue_job_duration_seconds', $label, $c['durations']['+Inf'] ?? 0, '_count'];

        return $out;
    }

    /**
     * @param array<string, mixed> $info Kinds::lockState()
     * @return list<array{0: string, 1: array<string, string>, 2: int|float}>
     */
    private static function lockSamples(string $name, array $info): array
    {
        $label = ['lock' => $name];
        $out = [];
        if ($info['holders'] > 0) {
            $out[] = ['redislock_lock_holders', $label + ['mode' => $info['mode']], $info['holders']];
            if (($info['held_by'] ?? []) !== []) {
                $out[] = ['redislock_lock_holder_info', $label + ['holder' => $info['held_by'][0]], 1];
            }
        }
        $out[] = ['redislock_lock_waiters', $label, $info['waiters']];
        if ($info['oldest_wait'] !== null) {
            $out[] = ['redislock_lock_oldest_wait_seconds', $label, $info['oldest_wait']];
        }

        return $out;
    }

    /**
     * @param array<string, mixed> $info Kinds::semaphoreState()
     * @return list<array{0: string, 1: array<string, string>, 2: int|float}>
     */
    private static function semaphoreSamples(string $name, array $info): array
    {
        $label = ['semaphore' => $name];
        $out = [
            ['redislock_semaphore_permits_held', $label, $info['held']],
            ['redislock_semaphore_holders', $label, $info['holders']],
        ];
        if ($info['holders'] > 0 && ($info['held_by'] ?? []) !== []) {
            $out[] = ['redislock_semaphore_holder_info', $label + ['holder' => $info['held_by'][0]], 1];
        }
        $out[] = ['redislock_semaphore_waiters', $label, $info['waiters']];
        if ($info['oldest_wait'] !== null) {
            $out[] = ['redislock_semaphore_oldest_wait_seconds', $label, $info['oldest_wait']];
        }

        return $out;
    }

    /**
     * @param array<string, mixed> $info Kinds::limiterState()
     * @return list<array{0: string, 1: array<string, string>, 2: int|float}>
     */
    private static function limiterSamples(string $name, array $info): array
    {
        $label = ['limiter' => $name];

        return [
            ['redislock_limiter_limit', $label + ['policy' => $info['policy']], $info['limit']],
            ['redislock_limiter_remaining', $label, $info['remaining']],
            ['redislock_limiter_retry_after_seconds', $label, $info['retry_after']],
            ['redislock_limiter_backlog_seconds', $label, $info['backlog']],
        ];
    }

    /**
     * @param array<string, mixed> $info Kinds::latchState()
     * @return list<array{0: string, 1: array<string, string>, 2: int|float}>
     */
    private static function latchSamples(string $name, array $info): array
    {
        $label = ['latch' => $name];
        $out = [['redislock_latch_remaining', $label, $info['count']]];
        if ($info['ttl'] !== null) {
            $out[] = ['redislock_latch_ttl_seconds', $label, $info['ttl']];
        }

        return $out;
    }

    private function section(string $section): void
    {
        foreach (self::FAMILIES as $name => [$of]) {
            if ($of === $section) {
                $this->families[] = $name;
            }
        }
    }

    /** @param list<array{name: string, message: string}> $errors */
    private function errors(string $kind, array $errors): void
    {
        foreach ($errors as ['name' => $name, 'message' => $message]) {
            $this->errorCount++;
            $this->sample("redislock_{$kind}_errors", [$kind => $name], 1);
            if ($this->json) {
                $this->append('errors', "\n        " . json_encode(['kind' => $kind] + Names::json('name', $name) + ['message' => $message], self::JSON_FLAGS | JSON_INVALID_UTF8_SUBSTITUTE));
            }
            if ($this->onError !== null) {
                ($this->onError)($kind, $name, $message);
            }
        }
    }

    /** @param array<string, string> $labels names, escaped here */
    private function sample(string $family, array $labels, int|float $value, string $suffix = ''): void
    {
        if ($this->json) {
            $entry = ($suffix !== '' ? ['name' => $family . $suffix] : []) + ['labels' => array_map(Names::escape(...), $labels), 'value' => $value];
            $this->append($family, "\n            " . json_encode($entry, self::JSON_FLAGS));

            return;
        }
        $this->append($family, self::line($family, $labels, $value, $suffix));
    }

    /** Adds an entry to a family's buffer (JSON entries get their commas here). */
    private function append(string $family, string $entry): void
    {
        $buffer = $this->buffers[$family] ??= fopen('php://temp/maxmemory:' . self::BUFFER, 'w+b');
        $count = $this->counts[$family] = ($this->counts[$family] ?? 0) + 1;
        fwrite($buffer, $this->json && $count > 1 ? ',' . $entry : $entry);
    }

    /** @param callable(string): void $out */
    private function drain(string $family, callable $out): void
    {
        $buffer = $this->buffers[$family] ?? null;
        if ($buffer === null) {
            return;
        }
        rewind($buffer);
        while (!feof($buffer)) {
            $chunk = fread($buffer, 65536);
            if ($chunk !== false && $chunk !== '') {
                $out($chunk);
            }
        }
        fclose($buffer);
        unset($this->buffers[$family]);
    }
}
