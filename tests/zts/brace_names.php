<?php
/* Names with braces but no hash tag ("a{b", "}x{") from many threads at once, in
 * the first request of each: such a name's sibling keys (its waiters' queue)
 * carry a short tag chosen for the name's cluster slot, from a table built once
 * per process on first use, which the threads must not see half built. Each
 * name's counter must count every increment made under its lock. (Under
 * ThreadSanitizer, a table filled by one thread while another reads it is
 * reported even when no key came out wrong.) */
require __DIR__ . '/common.inc';

$dir = zts_dir('brace_names');
$names = ['odd{name', '}reversed{', 'open{{', 'x}y{z'];
$per_request = 3;

switch ($phase) {
    case 'setup':
        foreach ($names as $i => $name) {
            file_put_contents("$dir/count-$i", '0');
        }
        break;

    case 'run':
        $lock = new RedisLock(zts_conn());
        for ($k = 0; $k < $per_request; $k++) {
            foreach ($names as $i => $name) {
                if (!$lock->lock($name, timeout: 30, expire: 30)) {
                    zts_fail("thread $thread: lock('$name') timed out");
                    continue;
                }
                $n = (int) file_get_contents("$dir/count-$i");
                usleep(100);
                file_put_contents("$dir/count-$i", (string) ($n + 1));
                if (!$lock->unlock($name)) {
                    zts_fail("thread $thread: unlock('$name') returned false");
                }
            }
        }
        break;

    case 'check':
        $expected = $threads * $requests * $per_request;
        foreach ($names as $i => $name) {
            $n = (int) file_get_contents("$dir/count-$i");
            if ($n !== $expected) {
                zts_fail("brace_names: '$name' counted $n of $expected increments");
            }
        }
        echo 'PASS brace_names: ' . count($names) . " names with braces, $expected increments each, none lost\n";
        break;
}
