<?php
/* System calls the PHP process makes per lock + unlock cycle, counted by strace,
 * for redislock and its peers.
 *
 * The children are bench/instructions.php's (a warm-up, then N cycles of one
 * implementation). Each runs twice under `strace -f -c`, with N and with 2N
 * cycles; (calls(2N) − calls(N)) ÷ N per system call is one cycle's share, with
 * start-up, loading and connecting cancelled out. The raw `strace -c` tables of
 * the 2N runs follow, for quoting. */

declare(strict_types=1);

require __DIR__ . '/common.php';

const SUBJECTS = [
    'redislock' => 'redislock',
    'floor' => 'phpredis floor (SET NX PX + EVALSHA)',
    'symfony' => 'symfony/lock RedisStore, new lock per cycle',
    'malkusch' => 'malkusch/lock PHPRedisMutex',
];

/** Runs one child under strace -c; returns [calls by name, the raw table]. */
function count_syscalls(string $key, int $n, string $dir): array
{
    $out = sprintf('%s/strace.%s.%d', $dir, $key, $n);
    $ext = getenv('BENCH_EXTENSION');
    if ($ext === false || $ext === '') {
        throw new RuntimeException('BENCH_EXTENSION is not set: run with bench/run');
    }
    $cmd = ['strace', '-f', '-c', '-o', $out, PHP_BINARY, '-d', "extension=$ext", '-d', 'memory_limit=512M',
        __DIR__ . '/instructions.php', 'cycles', $key, (string) $n];
    $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if (!is_resource($proc)) {
        throw new RuntimeException('could not start strace');
    }
    $stdout = stream_get_contents($pipes[1]);
    $stderr = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($proc);
    $raw = @file_get_contents($out);
    @unlink($out);
    if ($status !== 0 || $raw === false) {
        throw new RuntimeException("strace run of $key with $n cycles failed (status $status): " . trim($stdout . $stderr));
    }
    $calls = [];
    foreach (explode("\n", $raw) as $line) {
        /* "% time  seconds  usecs/call  calls  [errors]  syscall" */
        if (preg_match('/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?([a-z_0-9]+)\s*$/', $line, $m) && $m[2] !== 'total') {
            $calls[$m[2]] = (int) $m[1];
        }
    }
    return [$calls, $raw];
}

$n = bench_n(2000, 500);
$dir = sys_get_temp_dir();
$subjects = SUBJECTS;
if (!is_file('/usr/share/php/Symfony/Component/Lock/autoload.php')) {
    unset($subjects['symfony']);
}
if (!is_file('/usr/share/php/Malkusch/Lock/autoload.php')) {
    unset($subjects['malkusch']);
}
$per = $raw = [];
foreach ($subjects as $key => $label) {
    [$one] = count_syscalls($key, $n, $dir);
    [$two, $raw[$key]] = count_syscalls($key, 2 * $n, $dir);
    foreach ($two as $name => $calls) {
        $share = ($calls - ($one[$name] ?? 0)) / $n;
        if ($share >= 0.01) {
            $per[$key][$name] = $share;
        }
    }
}

echo "## System calls per lock + unlock cycle in the PHP process (strace)\n\n";
printf("strace -f -c on the PHP process; each implementation runs N = %s and 2N cycles after a warm-up, in separate "
    . "processes, and (calls(2N) − calls(N)) ÷ N is one cycle's share of each system call. Calls below 0.01 per cycle "
    . "are left out.\n\n", number_format($n));
$names = [];
foreach ($per as $counts) {
    $names += array_fill_keys(array_keys($counts), true);
}
ksort($names);
$rows = [];
foreach (array_keys($names) as $name) {
    $row = [$name];
    foreach (array_keys($subjects) as $key) {
        $row[] = bench_fixed($per[$key][$name] ?? 0.0, 2);
    }
    $rows[] = $row;
}
$totals = ['**total**'];
foreach (array_keys($subjects) as $key) {
    $totals[] = '**' . bench_fixed(array_sum($per[$key] ?? []), 2) . '**';
}
$rows[] = $totals;
bench_table(array_merge(['system call'], array_values($subjects)), $rows, range(1, count($subjects)));
$rl = array_sum($per['redislock'] ?? []);
$floor = array_sum($per['floor'] ?? []);
if ($floor > 0) {
    printf("- redislock: %s system calls per cycle, %s the phpredis floor's %s\n\n",
        bench_fixed($rl, 2), bench_ratio($rl / $floor), bench_fixed($floor, 2));
}
foreach ($raw as $key => $table) {
    printf("`strace -f -c`, %s, %s cycles (start-up included):\n\n```\n%s```\n\n", $subjects[$key], number_format(2 * $n), $table);
}
$record = [];
foreach ($subjects as $key => $label) {
    $record[$label] = ['per_cycle' => array_sum($per[$key] ?? []), 'calls' => $per[$key] ?? []];
}
bench_record('syscalls', ['n' => $n, 'subjects' => $record]);
