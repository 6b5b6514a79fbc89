<?php
/* Symfony Messenger end to end: messages/s and Redis CPU per message through
 * Symfony's own Worker (MessageBus + HandleMessageMiddleware, a handler that does
 * nothing, ack after each message), on redislock's transport
 * (RedisLock\Bridge\Symfony\Messenger\RedisLockTransport: reserve with a receipt,
 * ack with it, the watchdog on) against Symfony's own Redis transport (Debian's
 * php-symfony-redis-messenger over phpredis: XREADGROUP, XACK + XDEL with
 * delete_after_ack). 1 KiB messages, PhpSerializer for both, 1 and 8 forked
 * workers per row, for a fixed time per round, on queues filled beforehand so that
 * no worker runs dry.
 *
 * Workers are forked, build their transport, bus and Worker and connect first,
 * are released together by a start barrier over socket pairs, and stay alive
 * until every worker has reported (bench_run_workers in bench/lib/workers.php).
 * The queues are topped up one send() per message between rounds, its Redis CPU
 * measured as the enqueue's; then the figures against the targets
 * (bench/lib/jobs.php). */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const MESSENGER_AUTOLOAD = '/usr/share/php/Symfony/Component/Messenger/autoload.php';
const EVENT_DISPATCHER_AUTOLOAD = '/usr/share/php/Symfony/Component/EventDispatcher/autoload.php';
const BRIDGE_AUTOLOAD = __DIR__ . '/../bridge/autoload.php';

const WORKER_COUNTS = [1, 8];     // `goals` as the first argument: 8 alone, the goals' figures
const ROUNDS = 3;                  // interleaved rounds per row, the order rotating from round to round
const ROUND_S = 1.0;               // measured time per round at scale 1 (times the scale)
const MESSAGES_PER_S = 40000;      // each queue holds this many messages per second of round when a round starts (ours handled about 25,000/s at 8 workers on a quiet 2-CPU machine: 20,000 ran dry)
const MESSAGES_MIN = 3000;
const MESSAGES_MAX = 200000;
const PAYLOAD_BYTES = 1024;        // the message's data: 1 KiB of hex digits (Symfony's Redis transport stores JSON)
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;                // SIGALRM ends a worker this long after its window, whatever happens
const RL = 'redislock RedisLockTransport';
const SF = 'Symfony RedisTransport (phpredis)';
const SLUGS = [RL => 'rl', SF => 'sf'];

// Loaded first (the classes below build on them) and before forking, so that every
// worker has the classes already; unavailable() says what is missing.
foreach ([MESSENGER_AUTOLOAD, EVENT_DISPATCHER_AUTOLOAD, BRIDGE_AUTOLOAD] as $file) {
    if (is_file($file)) {
        require_once $file;
    }
}

/** The message both transports carry. */
final class BenchJob
{
    public function __construct(public string $data)
    {
    }
}

if (!interface_exists(Symfony\Component\EventDispatcher\EventSubscriberInterface::class)) {
    fwrite(STDERR, "symfony/event-dispatcher is not installed (Debian package php-symfony-event-dispatcher)\n");
    exit(2);
}

/** Stops the worker at the end of the window, or when it found nothing to do (ran dry). */
final class BenchStop implements Symfony\Component\EventDispatcher\EventSubscriberInterface
{
    public int $end = PHP_INT_MAX;
    public bool $dry = false;

    public function onRunning(Symfony\Component\Messenger\Event\WorkerRunningEvent $event): void
    {
        if ($event->isWorkerIdle()) {
            $this->dry = true;
        }
        if ($this->dry || hrtime(true) >= $this->end) {
            $event->getWorker()->stop();
        }
    }

    public static function getSubscribedEvents(): array
    {
        return [Symfony\Component\Messenger\Event\WorkerRunningEvent::class => 'onRunning'];
    }
}

// What each transport needs (bench/lib/needs.php).
foreach ([RL, SF] as $label) {
    bench_needs($label, [MESSENGER_AUTOLOAD => 'php-symfony-messenger', EVENT_DISPATCHER_AUTOLOAD => 'php-symfony-event-dispatcher']);
}
bench_needs(RL, [], fn(): ?string => method_exists('RedisQueue', 'fail') ? null
    : 'not available: this build of redislock has no RedisQueue payloads');
bench_needs(SF, [],
    fn(): ?string => is_file('/usr/share/php/Symfony/Component/Messenger/Bridge/Redis/Transport/RedisTransportFactory.php') ? null
        : 'not available: Symfony\'s Redis transport not found (Debian package php-symfony-redis-messenger)',
    fn(): ?string => bench_dsn_parts(bench_dsn())['socket'] === null ? null : 'not measured: the benchmark server is a unix socket');

/** The transport $label on queue (or stream) $name, as a worker named $wid uses it. */
function transport(string $label, string $name, int $wid): Symfony\Component\Messenger\Transport\TransportInterface
{
    $p = bench_dsn_parts(bench_dsn());
    $serializer = new Symfony\Component\Messenger\Transport\Serialization\PhpSerializer();
    if ($label === RL) {
        $query = ['wait' => '0', 'db' => (string) $p['db']];
        if ($p['password'] !== null) {
            $query['password'] = $p['password'];
            if ($p['user'] !== null) {
                $query['user'] = $p['user'];
            }
        }
        $dsn = $p['socket'] !== null
            ? 'redislock+unix://' . $p['socket'] . '?' . http_build_query(['queue' => $name] + $query, '', '&', PHP_QUERY_RFC3986)
            : 'redislock://' . $p['host'] . ':' . $p['port'] . '/' . rawurlencode($name) . '?' . http_build_query($query, '', '&', PHP_QUERY_RFC3986);
        return (new RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory())->createTransport($dsn, [], $serializer);
    }
    $auth = $p['password'] === null ? '' : rawurlencode($p['password']) . '@';
    // The stream's name as it is: Symfony does not decode the DSN's path (bench names need no encoding).
    $dsn = 'redis://' . $auth . $p['host'] . ':' . $p['port'] . '/' . $name
        . '?group=bench&consumer=worker-' . $wid . '&delete_after_ack=1&dbindex=' . $p['db'];
    // Messenger 5.4's autoloader loads the Redis bridge; 6.4's leaves it to its own.
    if (is_file('/usr/share/php/Symfony/Component/Messenger/Bridge/Redis/autoload.php')) {
        require_once '/usr/share/php/Symfony/Component/Messenger/Bridge/Redis/autoload.php';
    }
    return (new Symfony\Component\Messenger\Bridge\Redis\Transport\RedisTransportFactory())->createTransport($dsn, [], $serializer);
}

/** Messages waiting and in flight on queue (or stream) $name. */
function left(string $label, string $name, Redis $r, Symfony\Component\Messenger\Transport\TransportInterface $t): array
{
    if ($label === RL) {
        $size = (new RedisQueue(bench_dsn()))->size($name);
        return ['queued' => $size['due'] + $size['delayed'], 'in flight' => $size['inflight']];
    }
    $pending = $r->xPending($name, 'bench');
    $inflight = (int) ($pending[0] ?? 0);
    // delete_after_ack: the stream holds what is waiting plus what is in flight.
    return ['queued' => (int) $r->xLen($name) - $inflight, 'in flight' => $inflight];
}

/**
 * One round: $n forked workers, each a Symfony Worker on its own transport of
 * queue $name, handle messages until the window ends (a message begun before is
 * finished and counted).
 */
function run_round(Redis $r, string $label, string $name, int $n, float $window_s): array
{
    $run = bench_run_workers('messenger', $r, $n, $window_s, $window_s, function (int $wid) use ($label, $name): callable {
        $handled = 0;
        $transport = transport($label, $name, $wid);
        if ($transport instanceof Symfony\Component\Messenger\Transport\Receiver\MessageCountAwareInterface) {
            $transport->getMessageCount();   // connect now, not in the window
        }
        $bus = new Symfony\Component\Messenger\MessageBus([new Symfony\Component\Messenger\Middleware\HandleMessageMiddleware(
            new Symfony\Component\Messenger\Handler\HandlersLocator([BenchJob::class => [function (BenchJob $job) use (&$handled): void {
                $handled++;
            }]])
        )]);
        $stop = new BenchStop();
        $dispatcher = new Symfony\Component\EventDispatcher\EventDispatcher();
        $dispatcher->addSubscriber($stop);
        $worker = new Symfony\Component\Messenger\Worker(['bench' => $transport], $bus, $dispatcher);
        return function (int $end) use ($worker, $stop, &$handled): array {
            $stop->end = $end;
            $worker->run(['sleep' => 0]);
            return ['ok' => $handled, 'dry' => $stop->dry];
        };
    });
    $ops = $dry = 0;
    foreach ($run['reports'] as $rep) {
        $ops += $rep['ok'];
        $dry += $rep['dry'] ? 1 : 0;
    }
    return ['ops' => $ops, 'ran_dry' => $dry, 'problems' => $run['problems'], 'wall' => $run['wall'],
        'cpu_us' => $run['cpu_us'], 'in' => $run['in'], 'out' => $run['out'], 'reads' => $run['reads'],
        'commands' => $run['stats']];
}

/* ---- the run ---------------------------------------------------------------------------------- */

$labels = array_values(array_filter([RL, SF], function (string $label): bool {
    if (($why = unavailable($label)) !== null) {
        fwrite(STDERR, "$label: $why\n");
        return false;
    }
    return true;
}));

$counts = ($argv[1] ?? '') === 'goals' ? [8] : WORKER_COUNTS;
$base = bench_name('messenger');
$r = bench_phpredis();
$round_s = ROUND_S * bench_scale();
if ($counts === [8]) {
    // The goals' rows: at least a second per round, or each worker's first calls (connecting
    // its watchdog, loading what the first reserve needs) weigh on the few messages of the window.
    $round_s = max(ROUND_S, $round_s);
}
$depth = (int) min(MESSAGES_MAX, max(MESSAGES_MIN, round(MESSAGES_PER_S * $round_s)));
$acc = [];
$fill_s = [];
$swept = $left_keys = 0;
try {
    $senders = [];
    foreach ($labels as $label) {
        $senders[$label] = transport($label, "$base:" . SLUGS[$label], 0);
        if ($senders[$label] instanceof Symfony\Component\Messenger\Transport\SetupableTransportInterface) {
            $senders[$label]->setup();   // messenger:setup-transports: the stream and group (ours: the stream layout)
        }
    }
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach ($counts as $n) {
            foreach (bench_rotated($labels, $round) as $label) {
                $name = "$base:" . SLUGS[$label];
                $t = bench_now();
                $before = left($label, $name, $r, $senders[$label]);
                $sender = $senders[$label];
                $enqueue = bench_jobs_enqueue($r, max(0, $depth - $before['queued']), function () use ($sender): void {
                    $sender->send(new Symfony\Component\Messenger\Envelope(new BenchJob(bin2hex(random_bytes(PAYLOAD_BYTES / 2)))));
                });
                $fill_s[$label] = ($fill_s[$label] ?? 0.0) + bench_now() - $t;
                $queued = left($label, $name, $r, $senders[$label])['queued'];
                $run = run_round($r, $label, $name, $n, $round_s);
                $run['enqueued'] = $enqueue['jobs'];
                $run['enqueue_cpu_us'] = $enqueue['cpu_us'];
                $after = left($label, $name, $r, $senders[$label]);
                if ($run['ops'] + $after['queued'] !== $queued) {
                    $run['problems'][] = sprintf('handled %d + left %d ≠ %d queued', $run['ops'], $after['queued'], $queued);
                }
                if ($after['in flight'] !== 0) {
                    $run['problems'][] = "{$after['in flight']} left in flight";
                }
                if ($run['ran_dry']) {
                    $run['problems'][] = 'RAN DRY';
                }
                $acc[$label][$n][] = $run;
            }
        }
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
    $left_keys = bench_sweep_keys($r, $base);
}

/* ---- the tables ---------------------------------------------------------------------------------- */

$rows = [];
$figures = [];
foreach ($acc as $label => $by_n) {
    foreach ($by_n as $n => $runs) {
        $ops = array_sum(array_column($runs, 'ops'));
        $wall = array_sum(array_column($runs, 'wall'));
        $calls = 0;
        $cmds = [];
        foreach ($runs as $run) {
            foreach ($run['commands'] as $cmd => [$c, $usec]) {
                $calls += $c;
                $cmds[$cmd][0] = ($cmds[$cmd][0] ?? 0) + $c;
                $cmds[$cmd][1] = ($cmds[$cmd][1] ?? 0.0) + $usec;
            }
        }
        uasort($cmds, fn(array $a, array $b): int => $b[0] <=> $a[0] ?: $b[1] <=> $a[1]);
        $problems = array_merge(...array_column($runs, 'problems'));
        $cpu = array_sum(array_column($runs, 'cpu_us'));
        $figures[$label][$n] = bench_jobs_figures(
            ['jobs' => $ops, 'cpu_us' => $cpu, 'reads' => array_sum(array_column($runs, 'reads')), 'wall' => $wall],
            ['jobs' => array_sum(array_column($runs, 'enqueued')), 'cpu_us' => array_sum(array_column($runs, 'enqueue_cpu_us'))]);
        $rows[$label][$n] = [
            'rate' => $wall > 0 ? $ops / $wall : NAN,
            'cpu_per_op' => $ops ? $cpu / $ops : NAN,
            'busy' => $wall > 0 ? $cpu / 1e6 / $wall : NAN,
            'all_per_op' => $ops ? $calls / $ops : NAN,
            'rt_per_op' => $figures[$label][$n]['round_trips'],
            'in_per_op' => $ops ? array_sum(array_column($runs, 'in')) / $ops : NAN,
            'out_per_op' => $ops ? array_sum(array_column($runs, 'out')) / $ops : NAN,
            'commands' => $cmds,
            'ops' => $ops,
            'check' => $problems ? implode('; ', array_unique($problems)) : 'ok',
        ];
    }
}

echo "## Symfony Messenger: redislock's transport vs Symfony's Redis transport, through Symfony's Worker\n\n";
printf("N forked workers, each a `Symfony\\Component\\Messenger\\Worker` (php-symfony-messenger %s) with a MessageBus, "
    . "HandleMessageMiddleware and a handler that does nothing, on a transport of its own, connected and released "
    . "together by a start barrier, handle messages for %.1f s per round, %d interleaved rounds per row (the order "
    . "rotating). Messages: 1 KiB of hex digits in a small object, PhpSerializer; each queue holds %s messages when "
    . "a round starts. redislock: `redislock://…/queue?wait=0` (reserve one with a receipt, visibility 30 s, the "
    . "watchdog on; ack with the receipt). Symfony: `redis://…/stream?group=bench&consumer=worker-N&delete_after_ack=1` "
    . "(XREADGROUP, then XACK + XDEL). messages/s = all workers' messages ÷ wall time (start signal → last worker done). "
    . "Redis CPU = used_cpu_sys + used_cpu_user of INFO cpu ÷ messages; busy = that ÷ wall time (100 %% = one core); "
    . "commands from INFO commandstats (commands inside scripts included). %d CPUs.\n\n",
    trim((string) shell_exec("dpkg-query -W -f '\${Version}' php-symfony-messenger 2>/dev/null")) ?: '?',
    $round_s, ROUNDS, number_format($depth), cpu_count());

$out = [];
foreach ($counts as $n) {
    $rl = $rows[RL][$n] ?? null;
    foreach ([RL, SF] as $label) {
        $row = $rows[$label][$n] ?? null;
        if ($row === null) {
            $out[] = [$label, (string) $n, unavailable($label) ?? 'not measured', '', '', '', '', '', '', ''];
            continue;
        }
        $out[] = [$label, (string) $n, bench_rate($row['rate']), $rl ? bench_ratio($rl['rate'] / $row['rate']) : 'n/a',
            bench_fixed($row['cpu_per_op'], 2), bench_fixed($row['busy'] * 100, 0) . ' %', bench_fixed($row['all_per_op'], 1),
            bench_fixed($row['rt_per_op'], 2),
            number_format($row['in_per_op'], 0) . ' / ' . number_format($row['out_per_op'], 0), $row['check']];
    }
}
bench_table(['transport', 'workers', 'messages/s', 'redislock ÷ this (messages/s)', 'Redis CPU µs/message', 'Redis busy',
    'all commands per message', 'round trips per message', 'bytes to / from Redis per message', 'check'], $out,
    [1, 2, 3, 4, 5, 6, 7, 8]);

echo "Commands the server ran, per message, and their µs per call (INFO commandstats, all rounds). Commands run inside "
    . "a script count under their own name too, and their µs are part of the script's.\n\n";
bench_commands_table($rows, $counts, 'transport', 'message');

$checks = [];
foreach ($rows as $label => $by_n) {
    foreach ($by_n as $n => $row) {
        $checks[$label][$n] = $row['check'] === 'ok';
    }
}
bench_jobs_targets_table('symfony', RL, SF, $figures, $counts, $checks);
$record = ['depth' => $depth, 'round_s' => $round_s, 'rounds' => ROUNDS, 'rows' => []];
$v = fn(float $x): ?float => is_finite($x) ? $x : null;
foreach ($rows as $label => $by_n) {
    foreach ($by_n as $n => $row) {
        $f = $figures[$label][$n];
        $record['rows'][$label][$n] = ['rate' => $v($row['rate']), 'cpu_us_per_op' => $v($row['cpu_per_op']),
            'all_per_op' => $v($row['all_per_op']), 'cpu_us_per_enqueue' => $v($f['cpu_enqueue']),
            'cpu_us_per_op_with_enqueue' => $v($f['cpu_enqueue_reserve_ack']), 'round_trips_per_op' => $v($f['round_trips']),
            'ok' => $row['check'] === 'ok'];
    }
}
foreach ($counts as $n) {
    $rl = $rows[RL][$n] ?? null;
    $sf = $rows[SF][$n] ?? null;
    if ($rl === null || $sf === null) {
        continue;
    }
    printf("- %d worker%s: messages/s %s ÷ %s = %s; Redis CPU µs/message %s ÷ %s = %s\n", $n, $n > 1 ? 's' : '',
        bench_rate($rl['rate']), bench_rate($sf['rate']), bench_ratio($rl['rate'] / $sf['rate']),
        bench_fixed($rl['cpu_per_op'], 2), bench_fixed($sf['cpu_per_op'], 2), bench_ratio($rl['cpu_per_op'] / $sf['cpu_per_op']));
}
printf("\nFilling (not measured): %s. Keys of the run deleted at the end: %d; left: %d.\n\n",
    implode(', ', array_map(fn(string $l): string => sprintf('%s %.1f s', $l, $fill_s[$l]), array_keys($fill_s))),
    $swept, $left_keys);
bench_record('jobs_symfony', $record);
