--TEST--
redislock --help, -h and help describe every subcommand of the command's one list and the exit codes; each one runs
--DESCRIPTION--
redislock --help, -h and help describe every subcommand and the exit codes (exit
0, also without the extension): their "Subcommands:" section has one line for
each of CliHelp::names(), no more, and that list is the one the command runs
(none is an unknown subcommand) and the one docs/operating.md shows; SUBCOMMAND
--help and help SUBCOMMAND describe one; without the extension any other call
exits 5 with a message that says how to load it
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
use RedisLock\Bridge\Operator\CliHelp;

$subs = CliHelp::names();
rq_check($subs === ['locks', 'inspect', 'queues', 'limiters', 'latches', 'stats', 'dead', 'retry-dead', 'purge-dead', 'migrate-queue', 'pause-queue', 'resume-queue', 'force-unlock', 'dashboard', 'metrics'],
    'the list of subcommands', $subs);
foreach ([['--help'], ['-h'], ['help']] as $args) {
    $r = op_cli($args);
    rq_check($r['status'] === 0 && str_starts_with($r['stdout'], 'Usage: redislock [options] SUBCOMMAND [arguments]') && op_help_subcommands($r['stdout']) === $subs
        && str_contains($r['stdout'], 'Exit codes:') && preg_match_all('/^  [0-7]  /m', $r['stdout']) === 8 && $r['stderr'] === '', implode(' ', $args) . ': every subcommand, no other, and the eight exit codes', $r);
}
$bad = [];
foreach ($subs as $sub) {
    $r = op_cli([$sub], ['REDISLOCK_DSN' => 'redis://127.0.0.1:' . rl_dead_port()]);
    if ($r['status'] === 0 || str_contains($r['stderr'], 'unknown subcommand')) {
        $bad[] = [$sub, $r];
    }
}
rq_check($bad === [], 'the command runs each of them (a usage error or an unreachable server, never an unknown subcommand)', $bad);
$docs = file_get_contents(dirname(__DIR__, 2) . '/docs/operating.md');
rq_check(array_filter($subs, fn ($s) => !str_contains($docs, "php bridge/bin/redislock $s ")) === [], 'docs/operating.md shows each of them', array_filter($subs, fn ($s) => !str_contains($docs, "php bridge/bin/redislock $s ")));
$bad = [];
foreach ($subs as $sub) {
    foreach ([[$sub, '--help'], ['help', $sub], [$sub, '-h']] as $args) {
        $r = op_cli($args);
        if ($r['status'] !== 0 || !preg_match('/^Usage: redislock \[options\] ' . preg_quote($sub, '/') . '\b.*\n\n\S/', $r['stdout']) || !str_contains($r['stdout'], '--json')) {
            $bad[] = [$args, $r];
        }
    }
}
rq_check($bad === [], 'each subcommand has its own help, with the options', $bad);
$r = op_cli(['force-unlock', '--help']);
rq_check(str_contains(preg_replace('/\s+/', ' ', $r['stdout']), 'refuses (exit 4) unless --yes'), 'force-unlock --help says it asks, and refuses without a terminal', $r);

$r = op_cli(['--help'], [], false);
rq_check($r['status'] === 0 && str_starts_with($r['stdout'], 'Usage: redislock'), 'help works without the extension', $r);
foreach ([['queues'], ['metrics'], ['inspect', 'x', '--json']] as $args) {
    $r = op_cli($args, [], false);
    rq_check($r['status'] === 5 && $r['stdout'] === '' && str_contains($r['stderr'], 'the redislock extension is not loaded') && str_contains($r['stderr'], 'extension='), 'without the extension: exit 5, how to load it (' . implode(' ', $args) . ')', $r);
}
?>
--EXPECT--
ok: the list of subcommands
ok: --help: every subcommand, no other, and the eight exit codes
ok: -h: every subcommand, no other, and the eight exit codes
ok: help: every subcommand, no other, and the eight exit codes
ok: the command runs each of them (a usage error or an unreachable server, never an unknown subcommand)
ok: docs/operating.md shows each of them
ok: each subcommand has its own help, with the options
ok: force-unlock --help says it asks, and refuses without a terminal
ok: help works without the extension
ok: without the extension: exit 5, how to load it (queues)
ok: without the extension: exit 5, how to load it (metrics)
ok: without the extension: exit 5, how to load it (inspect x --json)
