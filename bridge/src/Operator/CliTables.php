<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * What the "redislock" command shows of a state (Kinds::view()'s) as text: the
 * columns and cells of each kind's listing, and the "key: value" lines of
 * inspect. Every name and holder's label is escaped (Names::escape()); a value
 * not known is "-".
 */
final class CliTables
{
    /** kind => the listing's columns. */
    public const HEADERS = [
        'lock' => ['NAME', 'MODE', 'HOLDERS', 'HELD BY', 'TTL', 'WAITERS', 'OLDEST WAIT', 'FENCING', 'PROMISED'],
        'semaphore' => ['NAME', 'HELD', 'HOLDERS', 'HELD BY', 'TTLS', 'WAITERS', 'OLDEST WAIT'],
        'limiter' => ['NAME', 'POLICY', 'LIMIT', 'INTERVAL', 'BURST', 'REMAINING', 'RETRY AFTER', 'RESET AFTER', 'BACKLOG'],
        'latch' => ['NAME', 'COUNT', 'OPEN', 'TTL'],
        'queue' => ['QUEUE', 'DUE', 'DELAYED', 'INFLIGHT', 'DEAD', 'OLDEST DUE', 'NEXT DUE IN', 'OVERDUE', 'PAUSED'],
    ];

    /** The holders' labels a listing shows, then how many more. */
    public const HELD_BY_LISTED = 3;

    /** The holders' labels inspect shows, then how many more. */
    public const HELD_BY_SHOWN = 20;

    private function __construct()
    {
    }

    /**
     * The cells of one row of $kind's listing, in the order of HEADERS.
     *
     * @param array<string, mixed> $r Kinds::view()'s state
     * @return list<string>
     */
    public static function row(string $kind, string $name, array $r): array
    {
        return match ($kind) {
            'lock' => [
                Names::escape($name), $r['mode'], (string) $r['holders'], self::heldBy($r['held_by'], self::HELD_BY_LISTED),
                self::seconds($r['ttl']), (string) $r['waiters'], self::seconds($r['oldest_wait']),
                $r['fencing'] === null ? '-' : (string) $r['fencing'], $r['promised'] ? 'yes' : 'no',
            ],
            'semaphore' => [
                Names::escape($name), (string) $r['held'], (string) $r['holders'], self::heldBy($r['held_by'], self::HELD_BY_LISTED),
                self::ttls($r['ttls']), (string) $r['waiters'], self::seconds($r['oldest_wait']),
            ],
            'limiter' => [
                Names::escape($name), Names::escape($r['policy']), (string) $r['limit'], self::seconds($r['interval']),
                $r['burst'] === null ? '-' : (string) $r['burst'], (string) $r['remaining'], self::seconds($r['retry_after']),
                self::seconds($r['reset_after']), self::seconds($r['backlog']),
            ],
            'latch' => [
                Names::escape($name), (string) $r['count'], $r['open'] ? 'yes' : 'no', self::seconds($r['ttl']),
            ],
            'queue' => [
                Names::escape($name), (string) $r['due'], (string) $r['delayed'], (string) $r['inflight'],
                (string) $r['dead'], self::seconds($r['due'] > 0 ? $r['oldest_due_age'] : null),
                self::seconds($r['next_due_in']), (string) $r['overdue'],
                !$r['paused'] ? 'no' : ($r['pause_left'] === null ? 'yes' : self::seconds($r['pause_left'])),
            ],
        };
    }

    /**
     * inspect's "key: value" lines of a held or awaited lock or semaphore.
     *
     * @param array<string, mixed> $info Kinds::lockState()'s or Kinds::semaphoreState()'s
     * @return array<string, string>
     */
    public static function pairs(string $kind, string $name, array $info): array
    {
        if ($kind === 'semaphore') {
            return [
                'name' => Names::escape($name),
                'held' => $info['held'] . ' permits',
                'holders' => (string) $info['holders'],
                'held by' => self::heldBy($info['held_by'], self::HELD_BY_SHOWN),
                'ttls' => self::ttls($info['ttls']),
                'waiters' => (string) $info['waiters'],
                'oldest wait' => self::seconds($info['oldest_wait']),
            ];
        }

        return [
            'name' => Names::escape($name),
            'mode' => $info['mode'],
            'holders' => (string) $info['holders'],
            'held by' => self::heldBy($info['held_by'], self::HELD_BY_SHOWN),
            'ttl' => self::seconds($info['ttl']),
            'waiters' => (string) $info['waiters'],
            'oldest wait' => self::seconds($info['oldest_wait']),
            'fencing' => $info['fencing'] === null ? '-' : (string) $info['fencing'],
            'promised' => $info['promised'] ? 'yes (to its first waiter)' : 'no',
        ];
    }

    /**
     * The holders' labels of a state (Kinds::lockState()'s held_by): each
     * escaped as names are (Names::escape()), the first $max of them, comma
     * separated, and how many more; "-" when none is known.
     *
     * @param list<string>|null $labels
     */
    public static function heldBy(?array $labels, int $max = self::HELD_BY_LISTED): string
    {
        if ($labels === null || $labels === []) {
            return '-';
        }
        $shown = implode(', ', array_map(Names::escape(...), array_slice($labels, 0, $max)));

        return $shown . (count($labels) > $max ? ' (+' . (count($labels) - $max) . ')' : '');
    }

    public static function seconds(?float $s): string
    {
        return $s === null ? '-' : sprintf('%.3fs', $s);
    }

    /** @param list<float> $ttls */
    public static function ttls(array $ttls): string
    {
        if ($ttls === []) {
            return '-';
        }
        $shown = array_map(static fn (float $t): string => sprintf('%.1fs', $t), array_slice($ttls, 0, 5));

        return implode(' ', $shown) . (count($ttls) > 5 ? ' (+' . (count($ttls) - 5) . ')' : '');
    }
}
