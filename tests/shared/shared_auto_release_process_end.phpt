--TEST--
RedisLock: shared holds of a script are released when it ends normally, calls exit(), or dies of a fatal error; the parent's own share of the same names stays
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$parent = new RedisLock(rl_dsn());
$endings = [
    'end' => '',
    'exit' => 'exit(3);',
    'fatal' => 'this_function_does_not_exist();',
];
foreach ($endings as $how => $code) {
    var_dump($parent->lockShared("$name:$how", 0, 30));
    $mine = sh_tokens($raw, "$name:$how");
    $child = rl_run_php('
        require_once ' . var_export(__DIR__ . '/../harness/sem_test.inc', true) . ';
        $name = ' . var_export("$name:$how", true) . ';
        $global = new RedisLock(rl_dsn());
        function work(string $name) {
            $local = new RedisLock(rl_dsn());
            $ok = $local->lockShared($name, 0, 30);
            echo json_encode([$GLOBALS["global"]->lockShared($name, 0, 30), $ok, sh_count(new RawRedis(), $name)]), "\n";
            ' . $code . '
        }
        work($name);
    ', ['display_errors' => 'stdout']);
    echo "$how: ", strtok($child['stdout'], "\n"), ', exit ', $child['status'], "\n";
    echo "$how: only the parent's share left: ", sem_yes(sh_tokens($raw, "$name:$how") === $mine, sh_tokens($raw, "$name:$how")), "\n";
    var_dump($parent->unlock("$name:$how"));
}
?>
--EXPECT--
bool(true)
end: [true,true,3], exit 0
end: only the parent's share left: yes
bool(true)
bool(true)
exit: [true,true,3], exit 3
exit: only the parent's share left: yes
bool(true)
bool(true)
fatal: [true,true,3], exit 255
fatal: only the parent's share left: yes
bool(true)
