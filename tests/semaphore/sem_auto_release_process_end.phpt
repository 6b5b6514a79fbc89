--TEST--
RedisSemaphore: permits a script acquired are released when it ends normally, calls exit(), or dies of a fatal error; the parent's own permits on the same name stay
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$parent = sem_new();
$endings = [
    'end' => '',
    'exit' => 'exit(3);',
    'fatal' => 'this_function_does_not_exist();',
];
foreach ($endings as $how => $code) {
    $mine = $parent->acquire("$name:$how", 10, 0, 30);
    $child = rl_run_php('
        require_once ' . var_export(__DIR__ . '/../harness/sem_test.inc', true) . ';
        $name = ' . var_export("$name:$how", true) . ';
        $global = sem_new();
        function work(string $name) {
            $local = sem_new();
            $a = $local->acquire($name, 10, 0, 30, 2);
            $b = $GLOBALS["global"]->acquire($name, 10, 0, 30, 3);
            echo json_encode([is_string($a), is_string($b), $local->count($name)]), "\n";
            ' . $code . '
        }
        work($name);
    ', ['display_errors' => 'stdout']);
    echo "$how: ", strtok($child['stdout'], "\n"), ', exit ', $child['status'], "\n";
    echo "$how: only the parent's permit left: ", sem_yes($parent->count("$name:$how") === 1, $parent->count("$name:$how")), "\n";
    var_dump($parent->release("$name:$how", $mine));
}
?>
--EXPECT--
end: [true,true,6], exit 0
end: only the parent's permit left: yes
bool(true)
exit: [true,true,6], exit 3
exit: only the parent's permit left: yes
bool(true)
fatal: [true,true,6], exit 255
fatal: only the parent's permit left: yes
bool(true)
