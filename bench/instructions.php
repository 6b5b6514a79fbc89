<?php
/* Instructions the PHP process executes per lock + unlock cycle, counted by
 * valgrind's callgrind, for redislock and its peers.
 *
 *   php bench/instructions.php                 the table (runs the children below)
 *   php bench/instructions.php cycles KEY N    one child: a warm-up, then N cycles of KEY
 *
 * A count of a whole process includes PHP's start-up, loading the peer's classes,
 * connecting and the warm-up. Each implementation therefore runs twice, once with
 * N and once with 2N measured cycles, in separate processes that do exactly the
 * same thing otherwise: (instructions(2N) − instructions(N)) ÷ N is the cost of
 * one cycle, with the start-up cancelled out. The pair is measured REPEATS times to
 * show how repeatable that figure is. Only user-space instructions of the PHP
 * process are counted (Ir); the Redis server and the kernel are not. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';
require __DIR__ . '/peers.php';

const REPEATS = 2;
const WARMUP = 200;
const SUBJECTS = [
    'redislock' => 'redislock',
    'floor' => 'phpredis floor (SET NX PX + EVALSHA)',
    'symfony' => 'symfony/lock RedisStore, new lock per cycle',
    'malkusch' => 'malkusch/lock PHPRedisMutex',
];

function child(string $key, int $n): int
{
    $label = SUBJECTS[$key] ?? null;
    $impls = implementations(bench_name("instructions:$key"));
    if ($label === null || !isset($impls[$label])) {
        fwrite(STDERR, "unknown or missing implementation '$key'\n");
        return 2;
    }
    $run = $impls[$label];
    $failed = $run(WARMUP);
    $failed += $run($n);
    if ($failed) {
        fwrite(STDERR, "$key: $failed failed cycles\n");
        return 1;
    }
    return 0;
}

/** Runs one child under callgrind and returns the instructions it executed. */
function count_instructions(string $key, int $n, string $dir): int
{
    static $run = 0;
    $out = sprintf('%s/callgrind.%s.%d.%d', $dir, $key, $n, ++$run);
    $ext = getenv('BENCH_EXTENSION');
    if ($ext === false || $ext === '') {
        throw new RuntimeException('BENCH_EXTENSION is not set: run with bench/run');
    }
    $cmd = ['valgrind', '--tool=callgrind', '-q', "--callgrind-out-file=$out",
        PHP_BINARY, '-d', "extension=$ext", '-d', 'memory_limit=512M', __FILE__, 'cycles', $key, (string) $n];
    bench_run_child($cmd, "callgrind run of $key with $n cycles");
    $data = @file_get_contents($out);
    @unlink($out);
    if ($data === false || !preg_match('/^(?:totals|summary):\s*(\d+)/m', $data, $m)) {
        throw new RuntimeException("callgrind run of $key with $n cycles left no instruction count");
    }
    return (int) $m[1];
}

function table(): void
{
    $n = bench_n(1000, 50);
    $dir = sys_get_temp_dir();
    $subjects = SUBJECTS;
    if (!is_file('/usr/share/php/Symfony/Component/Lock/autoload.php')) {
        unset($subjects['symfony']);
    }
    if (!is_file('/usr/share/php/Malkusch/Lock/autoload.php')) {
        unset($subjects['malkusch']);
    }
    $per = $raw = [];
    $start = bench_now();
    // Repeats interleave the implementations, as the other benchmarks do.
    for ($rep = 0; $rep < REPEATS; $rep++) {
        foreach ($subjects as $key => $label) {
            $one = count_instructions($key, $n, $dir);
            $two = count_instructions($key, 2 * $n, $dir);
            $raw[$key][] = [$one, $two];
            $per[$key][] = ($two - $one) / $n;
        }
    }
    $elapsed = bench_now() - $start;

    $mean = array_map(fn(array $v) => array_sum($v) / count($v), $per);
    $floor = $mean['floor'];
    $symfony = $mean['symfony'] ?? NAN;

    echo "## Instructions per lock + unlock cycle in the PHP process (callgrind)\n\n";
    printf("valgrind --tool=callgrind on the PHP process; each implementation runs %s warm-up cycles and then N = %s "
        . "or 2N cycles in separate processes, and (Ir(2N) − Ir(N)) ÷ N is one cycle's cost with start-up cancelled out; "
        . "%d independent pairs per implementation (%.0f s in all). Ir = user-space instructions of the PHP process only.\n\n",
        number_format(WARMUP), number_format($n), REPEATS, $elapsed);
    $rows = [];
    foreach ($subjects as $key => $label) {
        $spread = (max($per[$key]) - min($per[$key])) / $mean[$key] * 100;
        $rows[] = [
            $label,
            number_format($raw[$key][0][0]),
            number_format($raw[$key][0][1]),
            implode(' / ', array_map(fn($v) => number_format($v, 0), $per[$key])),
            sprintf('%.2f %%', $spread),
            number_format($mean[$key], 0),
            bench_ratio($mean[$key] / $floor),
            is_finite($symfony) ? bench_ratio($mean[$key] / $symfony) : 'n/a',
        ];
    }
    bench_table(['implementation', 'Ir, N cycles (first pair)', 'Ir, 2N cycles (first pair)', 'Ir per cycle, each pair',
        'spread', 'Ir per cycle', 'vs phpredis floor', 'vs symfony/lock'], $rows, [1, 2, 3, 4, 5, 6, 7]);
    $rl = $mean['redislock'];
    printf("- redislock: %s the floor's instructions per cycle (target ≤ 0.6x: %s)\n",
        bench_ratio($rl / $floor), $rl / $floor <= 0.6 ? 'met' : 'NOT met');
    if (is_finite($symfony)) {
        printf("- redislock: %s symfony/lock's instructions per cycle (target ≤ 0.1x: %s)\n",
            bench_ratio($rl / $symfony), $rl / $symfony <= 0.1 ? 'met' : 'NOT met');
    }
    echo "\n";
    $record = [];
    foreach ($subjects as $key => $label) {
        $record[$label] = ['per_cycle' => $mean[$key], 'pairs' => $per[$key]];
    }
    bench_record('instructions', ['n' => $n, 'repeats' => REPEATS, 'subjects' => $record]);
}

if (($argv[1] ?? '') === 'cycles') {
    exit(child($argv[2] ?? '', (int) ($argv[3] ?? 0)));
}
table();
