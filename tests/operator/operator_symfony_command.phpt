--TEST--
Symfony console: the redislock command runs the same subcommands with the same output and exit codes as bin/redislock
--DESCRIPTION--
The command is RedisLock\Bridge\Symfony\Console\RedisLockCommand. Compared with
bin/redislock: queues and stats as --json, inspect of a held lock, usage errors
(exit 2), an unreachable server (exit 3), limiters, latches (--latch-prefix),
an empty listing (exit 1).
"bin/console help redislock" names every subcommand of CliHelp::names() and the
exit codes. It also checks that force-unlock:
- asks on an interactive console ("n" keeps the lock, exit 4; "y" removes it);
- refuses when not interactive (exit 4);
- goes ahead with --yes.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
if (!is_file('/usr/share/php/Symfony/Component/Console/autoload.php')) {
    exit("Symfony Console is missing: install php-symfony-console (Debian)\n");
}
require_once '/usr/share/php/Symfony/Component/Console/autoload.php';

use RedisLock\Bridge\Symfony\Console\RedisLockCommand;
use Symfony\Component\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;

$lp = op_prefix('OpSyL');
$qp = op_prefix('OpSyQ');
$q = rq_queue(['prefix' => $qp]);
$q->enqueue('mail', ['a', 'b']);
$l = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode($lp));
$l->lock('held', 0, 60);

$app = new Application('test', '1.0');
$app->setAutoExit(false);
$app->add(new RedisLockCommand(rl_dsn()));
$command = $app->find('redislock');
rq_check($command instanceof RedisLockCommand && $command->getName() === 'redislock', 'registered as "redislock"');
$run = static function (array $input, array $answers = [], bool $interactive = false) use ($command): array {
    $t = new CommandTester($command);
    if ($answers !== []) {
        $t->setInputs($answers);
    }
    $status = $t->execute($input, ['interactive' => $interactive, 'capture_stderr_separately' => true]);
    return ['status' => $status, 'stdout' => $t->getDisplay(), 'stderr' => $t->getErrorOutput()];
};

$r = $run(['subcommand' => 'queues', '--prefix' => $qp, '--json' => true]);
$cli = op_json(['queues', '--prefix', $qp]);
$json = json_decode($r['stdout'], true);
rq_check($r['status'] === 0 && ($json['queues'][0]['name'] ?? null) === 'mail' && $json['queues'][0]['due'] === 2
    && array_keys($json['queues'][0]) === array_keys($cli['json']['queues'][0]), 'queues --json: the same document as bin/redislock', $r);
$r = $run(['subcommand' => 'stats', 'args' => ['mail'], '--prefix' => $qp]);
rq_check($r['status'] === 0 && preg_match('/^due:\s+2$/m', $r['stdout']), 'stats mail as text', $r);
$r = $run(['subcommand' => 'stats', 'args' => ['empty'], '--prefix' => $qp]);
rq_check($r['status'] === 1, 'stats of an empty queue: exit 1', $r);
$r = $run(['subcommand' => 'inspect', 'args' => ['held'], '--prefix' => $lp, '--json' => true]);
$json = json_decode($r['stdout'], true);
rq_check($r['status'] === 0 && $json['state']['mode'] === 'exclusive' && $json['state']['holders'] === 1, 'inspect held --json', $r);
$r = $run(['subcommand' => 'stats']);
rq_check($r['status'] === 2 && str_contains($r['stderr'], 'missing argument') && str_contains($r['stderr'], 'Usage: bin/console redislock stats QUEUE'), 'a missing argument: exit 2, the usage', $r);
$r = $run(['subcommand' => 'help', 'args' => ['dead']]);
rq_check($r['status'] === 0 && str_starts_with($r['stdout'], 'Usage: bin/console redislock [options] dead QUEUE'), 'help dead', $r);
$r = $run(['subcommand' => 'migrate-queue', 'args' => ['mail'], '--prefix' => $qp]);
rq_check($r['status'] === 0 && str_contains($r['stdout'], 'stream') && $q->size('mail')['due'] === 2
    && (new RawRedis)->call('EXISTS', '{' . $qp . 'mail}:stream') === 1, 'migrate-queue mail: onto the stream layout, the 2 tasks with it', $r);
$r = $run(['subcommand' => 'migrate-queue', 'args' => ['mail'], '--prefix' => $qp, '--back' => true]);
rq_check($r['status'] === 0 && str_contains($r['stdout'], 'zset') && $q->size('mail')['due'] === 2
    && (new RawRedis)->call('EXISTS', '{' . $qp . 'mail}:stream') === 0, 'migrate-queue mail --back: on the zset layout again, the 2 tasks with it', $r);
$r = $run(['subcommand' => 'pause-queue', 'args' => ['mail'], '--prefix' => $qp, '--for' => '600']);
rq_check($r['status'] === 0 && $q->stats('mail')['paused'] === true && $q->stats('mail')['pause_left'] > 500 && $q->reserve('mail') === false,
    'pause-queue mail --for 600: paused for 600 s, a worker gets nothing', $r);
$r = $run(['subcommand' => 'resume-queue', 'args' => ['mail'], '--prefix' => $qp]);
rq_check($r['status'] === 0 && $q->stats('mail')['paused'] === false, 'resume-queue mail: running again', $r);
$help = op_console_help('symfony');
$text = $help['stdout'];
$flat = preg_replace('/\s+/', ' ', $text);
rq_check($help['status'] === 0 && op_help_subcommands($text) === RedisLock\Bridge\Operator\CliHelp::names() && str_contains($flat, ' ' . RedisLock\Bridge\Operator\CliHelp::synopses()) && str_contains($text, 'migrate-queue QUEUE [--back]')
    && preg_match_all('/^ +[0-7]  \S/m', $text) === 8 && str_contains($text, 'redislock help SUBCOMMAND') && !str_contains($text, '%command'), 'help redislock: every subcommand and the exit codes', $help);
$limp = op_prefix('OpSyR');
$lim = new RedisRateLimiter(rl_dsn() . '?prefix=' . rawurlencode($limp));
$lim->consume('api', 10, 60, 3);
$r = $run(['subcommand' => 'limiters', '--prefix' => $limp]);
rq_check($r['status'] === 0 && preg_match('/^api\s+token_bucket\s+10\s+60\.000s\s+10\s+7\s/m', $r['stdout']), 'limiters: the rate limiter as a table', $r);
$r = $run(['subcommand' => 'limiters', '--limiter-prefix' => op_prefix('OpSyNone'), '--json' => true]);
rq_check($r['status'] === 1 && json_decode($r['stdout'], true) === ['limiters' => [], 'errors' => []], 'limiters under an empty prefix: exit 1', $r);
$lim->reset('api');
$latp = op_prefix('OpSyT');
$latch = new RedisLatch(rl_dsn() . '?prefix=' . rawurlencode($latp));
$latch->set('batch', 3, 600);
$r = $run(['subcommand' => 'latches', '--latch-prefix' => $latp, '--json' => true]);
rq_check($r['status'] === 0 && array_column(json_decode($r['stdout'], true)['latches'] ?? [], 'count', 'name') === ['batch' => 3], 'latches --latch-prefix --json: the latch with its count', $r);
$latch->countDown('batch', 3);
$r = $run(['subcommand' => 'queues', '--dsn' => 'redis://127.0.0.1:1']);
rq_check($r['status'] === 3 && str_contains($r['stderr'], '127.0.0.1:1'), 'an unreachable server: exit 3, named', $r);

$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp]);
rq_check($r['status'] === 4 && $l->isLocking('held'), 'force-unlock, not interactive: refused, exit 4, the lock stays', $r);
$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp], ['n'], true);
rq_check($r['status'] === 4 && str_contains($r['stderr'], 'Remove lock held whoever holds it?') && $l->isLocking('held'), 'interactive, answered n: exit 4, the lock stays', $r);
$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp], ['y'], true);
rq_check($r['status'] === 0 && $r['stdout'] === "lock held removed\n" && !$l->isLocking('held'), 'interactive, answered y: removed', $r);
$l->lock('held', 0, 60);
$r = $run(['subcommand' => 'force-unlock', 'args' => ['held'], '--prefix' => $lp, '--yes' => true, '--json' => true]);
rq_check($r['status'] === 0 && json_decode($r['stdout'], true) === ['name' => 'held', 'removed' => true], '--yes: removed without asking', $r);
?>
--EXPECT--
ok: registered as "redislock"
ok: queues --json: the same document as bin/redislock
ok: stats mail as text
ok: stats of an empty queue: exit 1
ok: inspect held --json
ok: a missing argument: exit 2, the usage
ok: help dead
ok: migrate-queue mail: onto the stream layout, the 2 tasks with it
ok: migrate-queue mail --back: on the zset layout again, the 2 tasks with it
ok: pause-queue mail --for 600: paused for 600 s, a worker gets nothing
ok: resume-queue mail: running again
ok: help redislock: every subcommand and the exit codes
ok: limiters: the rate limiter as a table
ok: limiters under an empty prefix: exit 1
ok: latches --latch-prefix --json: the latch with its count
ok: an unreachable server: exit 3, named
ok: force-unlock, not interactive: refused, exit 4, the lock stays
ok: interactive, answered n: exit 4, the lock stays
ok: interactive, answered y: removed
ok: --yes: removed without asking
