--TEST--
redislock --help, -h and help describe every subcommand and the exit codes
--DESCRIPTION--
redislock --help, -h and help describe every subcommand and the exit codes (exit
0, also without the extension); SUBCOMMAND --help and help SUBCOMMAND describe
one; without the extension any other call exits 5 with a message that says how
to load it
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$subs = ['locks', 'inspect', 'queues', 'stats', 'dead', 'retry-dead', 'purge-dead', 'force-unlock', 'metrics'];
foreach ([['--help'], ['-h'], ['help']] as $args) {
    $r = op_cli($args);
    $listed = array_filter($subs, fn ($s) => preg_match('/^  ' . preg_quote($s, '/') . '\b/m', $r['stdout']));
    rq_check($r['status'] === 0 && str_starts_with($r['stdout'], 'Usage: redislock [options] SUBCOMMAND [arguments]') && count($listed) === 9
        && str_contains($r['stdout'], 'Exit codes:') && preg_match_all('/^  [0-5]  /m', $r['stdout']) === 6 && $r['stderr'] === '', implode(' ', $args) . ': every subcommand and the six exit codes', $r);
}
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
ok: --help: every subcommand and the six exit codes
ok: -h: every subcommand and the six exit codes
ok: help: every subcommand and the six exit codes
ok: each subcommand has its own help, with the options
ok: force-unlock --help says it asks, and refuses without a terminal
ok: help works without the extension
ok: without the extension: exit 5, how to load it (queues)
ok: without the extension: exit 5, how to load it (metrics)
ok: without the extension: exit 5, how to load it (inspect x --json)
