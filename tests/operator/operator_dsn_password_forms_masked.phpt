--TEST--
redislock never prints a password of any DSN form a user can type, in messages or in --json, whether the DSN is refused, unreachable or the password wrong
--DESCRIPTION--
Wrong passwords holding an unencoded '/', '@' or '&', percent-encoded bytes,
and the user:pass@, :pass@ and pass@ forms and ?password=, against the test
server that requires a password, a port nothing listens on, and as malformed
DSNs. No output of the command may contain the password, encoded or decoded, or
a recognisable piece of it.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$auth = rl_env('REDISLOCK_TEST_AUTH_PORT');
$dead = rl_dead_port();
$passwords = ['wr/ong-pw-4711', 'wr@ong-pw-4711', 'wr%2Fong-pw-4711', 'wr&ong-pw-4711'];
$leaks = 0;
$runs = 0;
foreach ($passwords as $pw) {
    foreach ([$auth, $dead] as $port) {
        foreach ([":$pw@127.0.0.1:$port", "alice:$pw@127.0.0.1:$port", "$pw@127.0.0.1:$port",
            "127.0.0.1:$port?password=$pw", "alice:$pw@127.0.0.1:$port/0?read_timeout=0.5", "$pw@127.0.0.1:$port?nonsense=1"] as $rest) {
            foreach ([false, true] as $json) {
                $args = ['queues', '--dsn', "redis://$rest"];
                $r = $json ? op_json($args) : op_cli($args);
                $out = $r['stdout'] . $r['stderr'];
                $runs++;
                foreach ([$pw, rawurldecode($pw), 'ong-pw-4711'] as $piece) {
                    if (str_contains($out, $piece)) {
                        $leaks++;
                        echo "redis://$rest", $json ? ' --json' : '', " shows the password: ", trim($r['stderr']), "\n";
                        break;
                    }
                }
            }
        }
    }
}
echo "$runs runs, $leaks leaks\n";
?>
--EXPECT--
96 runs, 0 leaks
