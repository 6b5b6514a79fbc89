--TEST--
redislock: each kind of error exits with its own code and a message that never shows the password
--DESCRIPTION--
redislock's errors: a server that cannot be reached (exit 3, a message naming
its host and port), a wrong password (exit 3, the password never shown), a
malformed DSN or unknown DSN option (exit 2), an empty name, unknown subcommands
and options, missing or extra arguments (exit 2, with the usage); with --json
the error is also a JSON document
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$port = rl_free_port_op();
function rl_free_port_op(): int
{
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $name = stream_socket_get_name($s, false);
    fclose($s);
    return (int) substr($name, strrpos($name, ':') + 1);
}
$show = static fn (array $r): string => "exit {$r['status']}: " . trim($r['stderr']);

$r = op_cli(['queues', '--dsn', "redis://127.0.0.1:$port"]);
rq_check($r['status'] === 3 && $r['stdout'] === '' && str_contains($r['stderr'], "127.0.0.1:$port") && str_contains($r['stderr'], 'cannot reach the Redis server'), 'nothing listening: exit 3, host and port named', $r);
$r = op_cli(['stats', 'q'], ['REDISLOCK_DSN' => "redis://127.0.0.1:$port"]);
rq_check($r['status'] === 3 && str_contains($r['stderr'], "127.0.0.1:$port"), 'the same through REDISLOCK_DSN', $r);
$r = op_cli(['locks', '--dsn', 'redis://no-such-host.invalid:6390']);
rq_check($r['status'] === 3 && str_contains($r['stderr'], 'no-such-host.invalid:6390'), 'a host that does not resolve: exit 3, named', $r);
$r = op_json(['inspect', 'x', '--dsn', "redis://127.0.0.1:$port"]);
rq_check($r['status'] === 3 && $r['json']['error']['exit_code'] === 3 && str_contains($r['json']['error']['message'], "127.0.0.1:$port"), 'with --json: the error as JSON on stdout too', $r);

$auth = rl_env('REDISLOCK_TEST_AUTH_PORT');
foreach (["redis://wrong-pass-4711@127.0.0.1:$auth", "redis://127.0.0.1:$auth?password=wrong-pass-4711", "redis://alice:wrong-pass-4711@127.0.0.1:$auth"] as $dsn) {
    $r = op_json(['queues', '--dsn', $dsn]);
    rq_check($r['status'] === 3 && str_contains($r['stderr'], 'WRONGPASS') && !str_contains($r['stdout'] . $r['stderr'], 'wrong-pass-4711'), 'a wrong password: exit 3, the password not shown', $r);
}
$r = op_json(['queues', '--dsn', "redis://secret@127.0.0.1:$auth", '--prefix', op_prefix('OpE')]);
rq_check($r['status'] === 1 && $r['json'] === ['queues' => [], 'errors' => []], 'the right password works (no queue there: exit 1)', $r);
foreach (['bogus://host', 'redis://127.0.0.1:6999/notadb', 'redis://user:pa55word-x@127.0.0.1:99999', 'redis://127.0.0.1?nonsense=1'] as $dsn) {
    $r = op_cli(['queues', '--dsn', $dsn]);
    rq_check($r['status'] === 2 && str_starts_with($r['stderr'], 'redislock: bad DSN or connection options: ') && !str_contains($r['stderr'], 'pa55word-x'), "a bad DSN: exit 2 ($dsn)", $r);
}

foreach ([
    [['stats', ''], 'a name must not be empty'],
    [['inspect'], 'missing argument'],
    [['stats', 'a', 'b'], "unexpected argument 'b'"],
    [['frobnicate'], "unknown subcommand 'frobnicate'"],
    [[], 'no subcommand given'],
    [['queues', '--frob'], 'unknown option --frob'],
    [['queues', '--dsn'], 'option --dsn needs a value'],
    [['queues', '--json=1'], 'option --json takes no value'],
    [['queues', '--count', '5'], '--count applies to dead only'],
    [['dead', 'q', '--count', 'lots'], '--count must be a positive integer'],
    [['stats', 'q', '--semaphore'], '--semaphore applies to locks and inspect only'],
    [['metrics', '--prefix', 'X:'], 'give --lock-prefix, --semaphore-prefix, --queue-prefix, --limiter-prefix or --latch-prefix'],
] as [$args, $want]) {
    $r = op_cli($args);
    rq_check($r['status'] === 2 && $r['stdout'] === '' && str_contains($r['stderr'], $want) && str_contains($r['stderr'], 'sage'), 'usage error, exit 2: ' . $want, $r);
}
$r = op_cli(['stats', "bad\nname\e[31m"]);
rq_check($r['status'] === 1 && preg_match('/^queue:\s+bad\\\\x0aname\\\\x1b\[31m$/m', $r['stdout']) === 1, 'control bytes of a name are shown escaped, never sent to the terminal', $r);
?>
--EXPECT--
ok: nothing listening: exit 3, host and port named
ok: the same through REDISLOCK_DSN
ok: a host that does not resolve: exit 3, named
ok: with --json: the error as JSON on stdout too
ok: a wrong password: exit 3, the password not shown
ok: a wrong password: exit 3, the password not shown
ok: a wrong password: exit 3, the password not shown
ok: the right password works (no queue there: exit 1)
ok: a bad DSN: exit 2 (bogus://host)
ok: a bad DSN: exit 2 (redis://127.0.0.1:6999/notadb)
ok: a bad DSN: exit 2 (redis://user:pa55word-x@127.0.0.1:99999)
ok: a bad DSN: exit 2 (redis://127.0.0.1?nonsense=1)
ok: usage error, exit 2: a name must not be empty
ok: usage error, exit 2: missing argument
ok: usage error, exit 2: unexpected argument 'b'
ok: usage error, exit 2: unknown subcommand 'frobnicate'
ok: usage error, exit 2: no subcommand given
ok: usage error, exit 2: unknown option --frob
ok: usage error, exit 2: option --dsn needs a value
ok: usage error, exit 2: option --json takes no value
ok: usage error, exit 2: --count applies to dead only
ok: usage error, exit 2: --count must be a positive integer
ok: usage error, exit 2: --semaphore applies to locks and inspect only
ok: usage error, exit 2: give --lock-prefix, --semaphore-prefix, --queue-prefix, --limiter-prefix or --latch-prefix
ok: control bytes of a name are shown escaped, never sent to the terminal
