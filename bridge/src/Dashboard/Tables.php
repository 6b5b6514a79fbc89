<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Dashboard;

use RedisLock\Bridge\Operator\Kinds;

/**
 * The dashboard's tables, as HTML: a row per name of a listing (its view as
 * Kinds gives it, the columns of the operator's listings), and a queue's dead
 * letters. Every text goes through Dashboard::h().
 */
final class Tables
{
    /** Each kind's columns: title => how a state shows in it. */
    private const COLUMNS = [
        'queue' => ['due' => 'due', 'delayed' => 'delayed', 'in flight' => 'inflight', 'paused' => 'paused', 'dead' => 'dead',
            'oldest due (s)' => 'oldest_due_age', 'overdue' => 'overdue', 'processed' => 'processed', 'failed' => 'failed',
            'retried' => 'retried', 'p50 (s)' => 'p50', 'p95 (s)' => 'p95'],
        'lock' => ['mode' => 'mode', 'holders' => 'holders', 'held by' => 'held_by', 'ttl (s)' => 'ttl', 'waiters' => 'waiters',
            'oldest wait (s)' => 'oldest_wait', 'fencing' => 'fencing'],
        'semaphore' => ['held' => 'held', 'holders' => 'holders', 'held by' => 'held_by', 'waiters' => 'waiters', 'oldest wait (s)' => 'oldest_wait'],
        'limiter' => ['policy' => 'policy', 'limit' => 'limit', 'interval (s)' => 'interval', 'remaining' => 'remaining',
            'retry after (s)' => 'retry_after', 'full in (s)' => 'reset_after'],
        'latch' => ['count' => 'count', 'open' => 'open', 'ttl (s)' => 'ttl'],
    ];

    /** The longest name shown whole; a longer one shows its first SHOWN bytes and its length. */
    public const WHOLE = 1024;
    public const SHOWN = 256;

    /** The longest queue name a listing links to (a longer one's URL would pass the server's bound on a request head). */
    public const LINKED = 4096;

    private function __construct()
    {
    }

    /** A name as a cell shows it: whole up to WHOLE bytes, else its first SHOWN and its length. */
    public static function name(string $name): string
    {
        return strlen($name) <= self::WHOLE ? Dashboard::h($name)
            : Dashboard::h(substr($name, 0, self::SHOWN)) . '<i>… ' . strlen($name) . ' bytes in all</i>';
    }

    /**
     * @param list<array{name: string, state: array<string, mixed>}> $rows
     * @param (callable(string): string)|null $link the link of a name (queues only), null: none
     */
    public static function of(string $kind, array $rows, ?callable $link): string
    {
        if ($rows === []) {
            return '<p>Nothing on this page.</p>';
        }
        $html = '<table><tr><th>' . Kinds::of($kind)['title'] . '</th>';
        foreach (array_keys(self::COLUMNS[$kind]) as $title) {
            $html .= '<th>' . $title . '</th>';
        }
        $html .= '</tr>';
        foreach ($rows as $row) {
            $name = self::name($row['name']);
            $linked = $link !== null && $kind === 'queue' && strlen($row['name']) <= self::LINKED;
            $html .= '<tr><td>' . ($linked ? '<a href="' . Dashboard::h($link($row['name'])) . '">' . $name . '</a>' : $name) . '</td>';
            if (isset($row['state']['unread'])) {
                $html .= '<td colspan="' . count(self::COLUMNS[$kind]) . '"><i>not read: a name this long is listed only</i></td></tr>';
                continue;
            }
            foreach (self::COLUMNS[$kind] as $key) {
                $html .= self::cell($key, $row['state'][$key] ?? null, $row['state']);
            }
            $html .= '</tr>';
        }

        return $html . '</table>';
    }

    /**
     * @param list<array{id: string, attempts: int, time: float, payload_bytes: ?int, payload: ?string}> $letters
     * @param (callable(string): string)|null $retry the link that retries one, null: none
     */
    public static function dead(array $letters, ?callable $retry): string
    {
        $html = '<table><tr><th>id</th><th>attempts</th><th>died (UTC)</th><th>payload</th>' . ($retry ? '<th></th>' : '') . '</tr>';
        foreach ($letters as $l) {
            $payload = $l['payload'] === null ? ($l['payload_bytes'] === null ? '<i>none</i>' : '<i>' . $l['payload_bytes'] . ' bytes, not read: the page reads at most ' . intdiv(Dashboard::PAYLOADS_READ, 1048576) . ' MiB of payloads</i>')
                : '<pre>' . Dashboard::h($l['payload']) . '</pre>'
                    . ($l['payload_bytes'] > strlen($l['payload']) ? '<i>… ' . $l['payload_bytes'] . ' bytes in all</i>' : '');
            $html .= '<tr><td>' . self::name($l['id']) . '</td><td class="n">' . $l['attempts'] . '</td><td>'
                . gmdate('Y-m-d H:i:s', (int) $l['time']) . '</td><td>' . $payload . '</td>'
                . ($retry && strlen($l['id']) <= self::LINKED ? '<td><a class="action" href="' . Dashboard::h($retry($l['id'])) . '">Retry</a></td>' : ($retry ? '<td></td>' : '')) . '</tr>';
        }

        return $html . '</table>';
    }

    /**
     * A cell of the queue's counters (Kinds::queueState()'s counts): a total, or
     * the bucket bound the median or 95th percentile of the runs' durations
     * falls under ("≤ 0.250"; "> 3600" past the last bound). Empty from an
     * extension that keeps no counters, or with no run timed.
     *
     * @param array<string, mixed>|null $counts
     */
    private static function counted(string $key, ?array $counts): string
    {
        if ($counts === null) {
            return '<td></td>';
        }
        if ($key !== 'p50' && $key !== 'p95') {
            return '<td class="n">' . (int) $counts[$key] . '</td>';
        }
        $bound = Kinds::quantile($counts['durations'], $key === 'p50' ? 0.5 : 0.95);

        return '<td class="n">' . match (true) {
            $bound === null => '',
            is_infinite($bound) => '&gt; 3600',
            default => '&le; ' . rtrim(rtrim(sprintf('%.3F', $bound), '0'), '.'),
        } . '</td>';
    }

    /**
     * @param array<string, mixed> $state
     */
    private static function cell(string $key, mixed $value, array $state): string
    {
        if (in_array($key, ['processed', 'failed', 'retried', 'p50', 'p95'], true)) {
            return self::counted($key, $state['counts'] ?? null);
        }
        if ($key === 'paused') {
            $left = $state['pause_left'] ?? null;

            return '<td>' . ($value ? ($left === null ? 'yes' : sprintf('for %.1f s', $left)) : 'no') . '</td>';
        }

        return match (true) {
            $value === null => '<td></td>',
            is_bool($value) => '<td>' . ($value ? 'yes' : 'no') . '</td>',
            is_array($value) => '<td>' . implode('<br>', array_map(static fn ($v): string => Dashboard::h((string) $v), $value)) . '</td>',
            is_float($value) => '<td class="n">' . sprintf('%.3f', $value) . '</td>',
            is_int($value) => '<td class="n">' . $value . '</td>',
            default => '<td>' . Dashboard::h((string) $value) . '</td>',
        };
    }
}
