--TEST--
Laravel artisan: the "redislock" command runs the same subcommands with the same output and exit codes as bin/redislock
--DESCRIPTION--
RedisLockServiceProvider registers the artisan command "redislock".
It also checks:
- "artisan help redislock" names every subcommand of CliHelp::names() and the
  exit codes;
- limiters lists the rate limiters under a prefix, latches the latches
  under --latch-prefix;
- the exit status is the command's: an empty listing 1, metrics 0;
- it works on the redis connection of config/database.php that the redislock
  cache store names, or on --connection, or on --dsn;
- an unknown connection is exit 2;
- migrate-queue moves a queue onto the stream layout, and back with --back;
- force-unlock asks when interactive ("n" keeps the lock, "y" removes it),
  refuses when not (exit 4) and goes ahead with --yes.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
foreach (['Illuminate/Container', 'Illuminate/Config', 'Illuminate/Console', 'Illuminate/Events', 'Illuminate/Support'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        exit("$package is missing: install php-illuminate-console php-illuminate-container php-illuminate-config php-illuminate-events (Debian)\n");
    }
    require_once "$package/autoload.php";
}

use Illuminate\Config\Repository;
use Illuminate\Console\Application as Artisan;
use Illuminate\Container\Container;
use Illuminate\Events\Dispatcher;
use RedisLock\Bridge\Laravel\RedisLockServiceProvider;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Output\BufferedOutput;

/** As much of an application as a service provider and artisan use. */
final class OperatorTestApp extends Container
{
    public array $booting = [];

    public function booting($callback): void
    {
        $this->booting[] = $callback;
    }

    public function runningInConsole(): bool
    {
        return true;
    }

    /* Laravel 10 and later ask it before configuring their prompts. */
    public function runningUnitTests(): bool
    {
        return false;
    }
}

$lp = op_prefix('OpLvL');
$qp = op_prefix('OpLvQ');
$q = rq_queue(['prefix' => $qp]);
$q->enqueue('mail', ['a', 'b', 'c']);
$l = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode($lp));
$l->lock('held', 0, 60);

$app = new OperatorTestApp();
Container::setInstance($app);
$app->instance('config', new Repository([
    'cache' => ['stores' => ['locks' => ['driver' => 'redislock', 'lock_connection' => 'locks']]],
    'database' => ['redis' => [
        'default' => ['host' => '127.0.0.1', 'port' => 1],
        'locks' => ['host' => rl_env('REDISLOCK_TEST_HOST'), 'port' => rl_env('REDISLOCK_TEST_PORT'), 'database' => 0],
    ]],
]));
(new RedisLockServiceProvider($app))->register();
$artisan = new Artisan($app, new Dispatcher($app), 'test');
$artisan->setAutoExit(false);
rq_check($artisan->has('redislock'), 'the provider registered "redislock"');

$run = static function (array $params, ?string $typed = null) use ($artisan): array {
    $input = new ArrayInput(['command' => 'redislock'] + $params);
    if ($typed === null) {
        $input->setInteractive(false);
    } else {
        $stream = fopen('php://memory', 'r+');
        fwrite($stream, $typed);
        rewind($stream);
        $input->setStream($stream);
    }
    $output = new BufferedOutput();
    $status = $artisan->run($input, $output);
    return ['status' => $status, 'output' => $output->fetch()];
};

$r = $run(['subcommand' => 'queues', '--queue-prefix' => $qp, '--json' => true]);
$json = json_decode($r['output'], true);
$cli = op_json(['queues', '--prefix', $qp]);
rq_check($r['status'] === 0 && count($json['queues'] ?? []) === 1 && $json['queues'][0]['name'] === 'mail' && $json['queues'][0]['due'] === 3
    && array_keys($json['queues'][0]) === array_keys($cli['json']['queues'][0]), 'queues --json on the store\'s lock_connection: as bin/redislock prints it', $r);
$r = $run(['subcommand' => 'stats', 'args' => ['mail'], '--prefix' => $qp]);
rq_check($r['status'] === 0 && preg_match('/^due:\s+3$/m', $r['output']), 'stats mail as text', $r);
$r = $run(['subcommand' => 'inspect', 'args' => ['held'], '--prefix' => $lp, '--json' => true]);
$json = json_decode($r['output'], true);
rq_check($r['status'] === 0 && $json['state']['mode'] === 'exclusive' && $json['state']['holders'] === 1, 'inspect held --json', $r);
$r = $run(['subcommand' => 'inspect', 'args' => ['free'], '--prefix' => $lp]);
rq_check($r['status'] === 1 && str_contains($r['output'], 'is free'), 'inspect of a free lock: exit 1', $r);
$r = $run(['subcommand' => 'queues', '--connection' => 'default']);
rq_check($r['status'] === 3 && str_contains($r['output'], '127.0.0.1:1'), '--connection default (nothing listens): exit 3, host and port named', $r);
$r = $run(['subcommand' => 'queues', '--connection' => 'nope']);
rq_check($r['status'] === 2 && str_contains($r['output'], 'Redis connection [nope] not configured.'), 'an unknown connection: exit 2', $r);
$r = $run(['subcommand' => 'stats', 'args' => ['mail'], '--prefix' => $qp, '--connection' => 'nope', '--dsn' => rl_dsn()]);
rq_check($r['status'] === 0, '--dsn instead of a connection', $r);
$r = $run(['subcommand' => 'migrate-queue', 'args' => ['mail'], '--prefix' => $qp]);
rq_check($r['status'] === 0 && str_contains($r['output'], 'stream') && $q->size('mail')['due'] === 3
    && (new RawRedis)->call('EXISTS', '{' . $qp . 'mail}:stream') === 1, 'migrate-queue mail: onto the stream layout, the 3 tasks with it', $r);
$r = $run(['subcommand' => 'migrate-queue', 'args' => ['mail'], '--prefix' => $qp, '--back' => true]);
rq_check($r['status'] === 0 && str_contains($r['output'], 'zset') && $q->size('mail')['due'] === 3
    && (new RawRedis)->call('EXISTS', '{' . $qp . 'mail}:stream') === 0, 'migrate-queue mail --back: on the zset layout again, the 3 tasks with it', $r);
$r = $run(['subcommand' => 'pause-queue', 'args' => ['mail'], '--prefix' => $qp, '--for' => '600']);
rq_check($r['status'] === 0 && $q->stats('mail')['paused'] === true && $q->stats('mail')['pause_left'] > 500 && $q->reserve('mail') === false,
    'pause-queue mail --for 600: paused for 600 s, a worker gets nothing', $r);
$r = $run(['subcommand' => 'resume-queue', 'args' => ['mail'], '--prefix' => $qp]);
rq_check($r['status'] === 0 && $q->stats('mail')['paused'] === false, 'resume-queue mail: running again', $r);
$help = op_console_help('laravel');
$text = $help['stdout'];
$flat = preg_replace('/\s+/', ' ', $text);
rq_check($help['status'] === 0 && op_help_subcommands($text) === RedisLock\Bridge\Operator\CliHelp::names() && str_contains($flat, ' ' . RedisLock\Bridge\Operator\CliHelp::synopses()) && str_contains($text, 'migrate-queue QUEUE [--back]')
    && preg_match_all('/^ +[0-7]  \S/m', $text) === 8 && str_contains($text, 'artisan redislock help SUBCOMMAND'), 'artisan help redislock: every subcommand, in its help and its argument, and the exit codes', $help);
$limp = op_prefix('OpLvR');
$lim = new RedisRateLimiter(rl_dsn() . '?prefix=' . rawurlencode($limp));
$lim->consume('api', 10, 60, 3);
$r = $run(['subcommand' => 'limiters', '--limiter-prefix' => $limp, '--json' => true]);
$json = json_decode($r['output'], true);
rq_check($r['status'] === 0 && array_column($json['limiters'] ?? [], 'remaining', 'name') === ['api' => 7], 'limiters --json: the rate limiter with its tokens left', $r);
$r = $run(['subcommand' => 'limiters', '--prefix' => op_prefix('OpLvNone')]);
rq_check($r['status'] === 1 && $r['output'] === "no rate limiter has a state\n", 'limiters under an empty prefix: exit 1', $r);
$latp = op_prefix('OpLvT');
$latch = new RedisLatch(rl_dsn() . '?prefix=' . rawurlencode($latp));
$latch->set('batch', 3, 600);
$r = $run(['subcommand' => 'latches', '--latch-prefix' => $latp]);
rq_check($r['status'] === 0 && preg_match('/^batch\s+3\s+no\s+\d+\.\d{3}s$/m', $r['output']), 'latches --latch-prefix: the latch as a table', $r);
$latch->countDown('batch', 3);
$r = $run(['subcommand' => 'locks', '--prefix' => op_prefix('OpLvNone')]);
rq_check($r['status'] === 1 && $r['output'] === "no lock is held or awaited\n", 'locks under an empty prefix: exit 1', $r);
$r = $run(['subcommand' => 'metrics', '--lock-prefix' => op_prefix('OpLvNone'), '--semaphore-prefix' => op_prefix('OpLvNone'),
    '--queue-prefix' => op_prefix('OpLvNone'), '--limiter-prefix' => op_prefix('OpLvNone'), '--latch-prefix' => op_prefix('OpLvNone')]);
rq_check($r['status'] === 0 && str_contains($r['output'], '# TYPE redislock_queue_tasks gauge'), 'metrics with nothing to show: exit 0, the families', $r);
$lim->reset('api');
$r = $run(['subcommand' => 'frob']);
rq_check($r['status'] === 2 && str_contains($r['output'], "unknown subcommand 'frob'") && str_contains($r['output'], 'Usage: artisan redislock'), 'an unknown subcommand: exit 2, the usage', $r);

$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp]);
rq_check($r['status'] === 4 && $l->isLocking('held'), 'force-unlock, not interactive: refused, exit 4, the lock stays', $r);
$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp], "n\n");
rq_check($r['status'] === 4 && str_contains($r['output'], 'Remove lock held whoever holds it?') && $l->isLocking('held'), 'interactive, answered n: exit 4, the lock stays', $r);
$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp], "y\n");
rq_check($r['status'] === 0 && str_contains($r['output'], "lock held removed\n") && !$l->isLocking('held'), 'interactive, answered y: removed', $r);
$l->lock('held', 0, 60);
$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp, '--yes' => true]);
rq_check($r['status'] === 0 && $r['output'] === "lock held removed\n" && !$l->isLocking('held'), '--yes: removed without asking', $r);
?>
--EXPECT--
ok: the provider registered "redislock"
ok: queues --json on the store's lock_connection: as bin/redislock prints it
ok: stats mail as text
ok: inspect held --json
ok: inspect of a free lock: exit 1
ok: --connection default (nothing listens): exit 3, host and port named
ok: an unknown connection: exit 2
ok: --dsn instead of a connection
ok: migrate-queue mail: onto the stream layout, the 3 tasks with it
ok: migrate-queue mail --back: on the zset layout again, the 3 tasks with it
ok: pause-queue mail --for 600: paused for 600 s, a worker gets nothing
ok: resume-queue mail: running again
ok: artisan help redislock: every subcommand, in its help and its argument, and the exit codes
ok: limiters --json: the rate limiter with its tokens left
ok: limiters under an empty prefix: exit 1
ok: latches --latch-prefix: the latch as a table
ok: locks under an empty prefix: exit 1
ok: metrics with nothing to show: exit 0, the families
ok: an unknown subcommand: exit 2, the usage
ok: force-unlock, not interactive: refused, exit 4, the lock stays
ok: interactive, answered n: exit 4, the lock stays
ok: interactive, answered y: removed
ok: --yes: removed without asking
