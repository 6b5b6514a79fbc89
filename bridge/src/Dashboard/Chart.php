<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Dashboard;

use RedisLock\Bridge\Operator\Kinds;

/**
 * A queue's last hour on its page: what it did in the hour (from the oldest
 * snapshot of RedisQueue::history() to the counters now) and a bar a minute,
 * as inline SVG (no script: the pages' policy allows none). A minute's bar is
 * the difference of its snapshot and the next one; over minutes with no
 * snapshot (no worker of this release looked) the difference is spread evenly.
 */
final class Chart
{
    private const WIDTH = 8;
    private const GAP = 2;
    private const HEIGHT = 100;

    private function __construct()
    {
    }

    /**
     * @param list<array<string, mixed>> $history Inspector::history()'s minutes
     * @param array<string, mixed>|null $now the counters now (Kinds::queueState()'s counts)
     */
    public static function lastHour(array $history, ?array $now): string
    {
        $html = '<h2>Last hour</h2>';
        if ($history === [] || $now === null) {
            return $html . '<p>No worker of this release reserved from this queue in the last hour.</p>';
        }
        $first = $history[0];
        $last = end($history)['at'];
        // Counters only grow; a difference below 0 (a key written by hand) shows as 0.
        [$done, $failed, $released, $retried] = array_map(static fn (string $k): int => max(0, $now[$k] - $first[$k]),
            ['processed', 'failed', 'released', 'retried']);
        $buckets = [];
        foreach ($now['durations'] as $le => $n) {
            $buckets[$le] = max(0, $n - ($first['durations'][$le] ?? 0));
        }
        $bound = static fn (?float $b): string => match (true) {
            $b === null => '–',
            is_infinite($b) => '&gt; 3600 s',
            default => '&le; ' . rtrim(rtrim(sprintf('%.3F', $b), '0'), '.') . ' s',
        };
        $html .= '<p>Since ' . gmdate('H:i', $first['at']) . ' UTC: ' . $done . ' processed, ' . $failed . ' failed, '
            . $released . ' released, ' . $retried . ' retried; runs timed: ' . (int) ($buckets['+Inf'] ?? 0)
            . ', median ' . $bound(Kinds::quantile($buckets, 0.5)) . ', 95th percentile ' . $bound(Kinds::quantile($buckets, 0.95)) . '.</p>';

        return $html . self::bars(self::perMinute($history, $now, $last), $last);
    }

    /**
     * Runs acked and runs ended otherwise (failed, released, lapsed), by minute
     * of the 60 ending at $last: minute => [acked, not].
     *
     * @param list<array<string, mixed>> $history
     * @param array<string, mixed> $now
     * @return array<int, array{0: float, 1: float}>
     */
    private static function perMinute(array $history, array $now, int $last): array
    {
        $not = static fn (array $c): int => $c['failed'] + $c['released'] + $c['retried'];
        $out = [];
        for ($m = $last - 59 * 60; $m <= $last; $m += 60) {
            $out[$m] = [0.0, 0.0];
        }
        $points = $history;
        $points[] = ['at' => $last + 60] + $now;   // the minute under way ends with the counters now
        for ($i = 0; $i + 1 < count($points); $i++) {
            [$a, $b] = [$points[$i], $points[$i + 1]];
            $minutes = max(1, intdiv($b['at'] - $a['at'], 60));
            $acked = max(0, $b['processed'] - $a['processed']) / $minutes;
            $other = max(0, $not($b) - $not($a)) / $minutes;
            for ($k = 0; $k < $minutes; $k++) {
                $m = $a['at'] + 60 * $k;
                if (isset($out[$m])) {
                    $out[$m] = [$out[$m][0] + $acked, $out[$m][1] + $other];
                }
            }
        }

        return $out;
    }

    /** @param array<int, array{0: float, 1: float}> $minutes */
    private static function bars(array $minutes, int $last): string
    {
        $max = 1.0;
        foreach ($minutes as [$a, $o]) {
            $max = max($max, $a + $o);
        }
        $w = count($minutes) * (self::WIDTH + self::GAP);
        $svg = '<svg class="chart" role="img" width="' . $w . '" height="' . (self::HEIGHT + 16) . '" viewBox="0 0 ' . $w . ' ' . (self::HEIGHT + 16)
            . '" xmlns="http://www.w3.org/2000/svg"><title>Runs a minute, the last hour: acked (green), ended otherwise (red)</title>';
        $x = 0;
        foreach ($minutes as $m => [$a, $o]) {
            $ha = $a / $max * self::HEIGHT;
            $ho = $o / $max * self::HEIGHT;
            $label = gmdate('H:i', $m) . ' UTC: ' . self::n($a) . ' acked, ' . self::n($o) . ' failed, released or lapsed';
            $svg .= '<g class="minute"><title>' . $label . '</title>'
                . '<rect x="' . $x . '" y="' . self::f(self::HEIGHT - $ha) . '" width="' . self::WIDTH . '" height="' . self::f($ha) . '" fill="#3a8f4b"/>'
                . '<rect x="' . $x . '" y="' . self::f(self::HEIGHT - $ha - $ho) . '" width="' . self::WIDTH . '" height="' . self::f($ho) . '" fill="#c0392b"/></g>';
            $x += self::WIDTH + self::GAP;
        }
        $svg .= '<text x="0" y="' . (self::HEIGHT + 13) . '" font-size="11">' . gmdate('H:i', array_key_first($minutes)) . '</text>'
            . '<text x="' . $w . '" y="' . (self::HEIGHT + 13) . '" font-size="11" text-anchor="end">' . gmdate('H:i', $last) . ' UTC</text>'
            . '<text x="' . ($w / 2) . '" y="' . (self::HEIGHT + 13) . '" font-size="11" text-anchor="middle">the tallest bar: ' . self::n($max) . ' runs a minute</text></svg>';

        return $svg;
    }

    private static function n(float $v): string
    {
        return $v === floor($v) ? (string) (int) $v : sprintf('%.1f', $v);
    }

    private static function f(float $v): string
    {
        return rtrim(rtrim(sprintf('%.2F', $v), '0'), '.');
    }
}
