<?php
/* Figures and how they are printed: timing, medians and quantiles, rates and
 * ratios, Markdown tables, and the headline figures kept for bench/summary.php. */

declare(strict_types=1);

function bench_now(): float
{
    return hrtime(true) / 1e9;
}

function bench_median(array $values): float
{
    sort($values);
    $n = count($values);
    if ($n === 0) {
        return NAN;
    }
    return $n % 2 ? (float) $values[intdiv($n, 2)] : ($values[$n / 2 - 1] + $values[$n / 2]) / 2;
}

/** The value at quantile $q (0..1) of $values, nearest rank. */
function bench_quantile(array $values, float $q): float
{
    sort($values);
    $n = count($values);
    if ($n === 0) {
        return NAN;
    }
    $i = (int) ceil($q * $n) - 1;
    return (float) $values[max(0, min($n - 1, $i))];
}

function bench_rate(float $per_second): string
{
    if (!is_finite($per_second)) {
        return 'n/a';
    }
    return number_format($per_second, $per_second >= 100 ? 0 : 1, '.', ',');
}

function bench_ratio(float $r): string
{
    if (!is_finite($r)) {
        return 'n/a';
    }
    return ($r >= 10 ? number_format($r, 1) : number_format($r, 2)) . 'x';
}

function bench_fixed(float $v, int $decimals = 1): string
{
    return is_finite($v) ? number_format($v, $decimals, '.', ',') : 'n/a';
}

/** Prints a Markdown table; columns whose header starts with a letter are left-aligned, others right. */
function bench_table(array $head, array $rows, array $right = []): void
{
    $width = fn(string $s): int => (int) preg_match_all('/./us', $s);
    $widths = array_map($width, $head);
    foreach ($rows as $row) {
        foreach (array_values($row) as $i => $cell) {
            $widths[$i] = max($widths[$i] ?? 0, $width((string) $cell));
        }
    }
    $line = function (array $cells) use ($widths, $right, $width): string {
        $out = [];
        foreach (array_values($cells) as $i => $cell) {
            $cell = (string) $cell;
            $pad = str_repeat(' ', $widths[$i] - $width($cell));
            $out[] = in_array($i, $right, true) ? $pad . $cell : $cell . $pad;
        }
        return '| ' . implode(' | ', $out) . ' |';
    };
    echo $line($head), "\n";
    $sep = [];
    foreach ($widths as $i => $w) {
        $sep[] = in_array($i, $right, true) ? str_repeat('-', $w + 1) . ':' : str_repeat('-', $w + 2);
    }
    echo '|', implode('|', $sep), "|\n";
    foreach ($rows as $row) {
        echo $line($row), "\n";
    }
    echo "\n";
}

/**
 * Keeps a headline figure of this script for the summary table that bench/run
 * prints at the end (bench/summary.php). BENCH_RESULTS names the directory; a
 * script run by hand without it records nothing.
 */
function bench_record(string $section, array $figures): void
{
    $dir = getenv('BENCH_RESULTS');
    if ($dir === false || $dir === '' || !is_dir($dir)) {
        return;
    }
    file_put_contents("$dir/$section.json", json_encode($figures, JSON_PRETTY_PRINT | JSON_PRESERVE_ZERO_FRACTION));
}

function bench_row_check(array $row): string
{
    $p = $row['problems'];
    if ($row['failed']) {
        array_unshift($p, "{$row['failed']} failed cycles");
    }
    return $p ? implode('; ', $p) : 'ok';
}

/**
 * The table of the commands the server ran: for each row label of $rows
 * (label => worker count => row with 'commands' => [command => [calls, µs]] and
 * 'ops'), one line per command with its calls per operation and µs per call at
 * each worker count of $counts. $first names the first column, $unit the operation.
 */
function bench_commands_table(array $rows, array $counts, string $first, string $unit): void
{
    $cmd_rows = [];
    foreach ($rows as $label => $by_n) {
        $names = [];
        foreach ($by_n as $row) {
            $names += $row['commands'];
        }
        foreach (array_keys($names) as $cmd) {
            $cells = [$label, $cmd];
            foreach ($counts as $n) {
                $row = $by_n[$n] ?? null;
                [$calls, $usec] = $row['commands'][$cmd] ?? [0, 0.0];
                $cells[] = $row && $row['ops'] ? bench_fixed($calls / $row['ops'], 2) : 'n/a';
                $cells[] = $calls ? bench_fixed($usec / $calls, 2) : '–';
            }
            $cmd_rows[] = $cells;
        }
    }
    $head = [$first, 'command'];
    foreach ($counts as $n) {
        $head[] = "N=$n calls per $unit";
        $head[] = "N=$n µs/call";
    }
    bench_table($head, $cmd_rows, range(2, 1 + 2 * count($counts)));
}

