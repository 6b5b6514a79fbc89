--TEST--
Redlock: a member whose host name does not resolve is skipped like a server that is down, without calling an error handler
--DESCRIPTION--
Redlock: a member whose host name does not resolve is skipped like a server that
is down, without calling a set_error_handler() callback; the two live members of
three hold the lock with one random part, and unlock() removes it from both
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$live = array_slice(topo_redlock_servers(), 0, 2);
$raws = topo_raws($live);
$calls = [];
set_error_handler(function (int $no, string $message, string $file = '', int $line = 0) use (&$calls): bool {
    $calls[] = $message;
    throw new ErrorException($message, 0, $no, $file, $line);
});
$lock = new RedisLock(['redlock' => ['redis://' . $live[0], 'redis://' . $live[1], 'redis://no-such-host.invalid:6999'],
    'connect_timeout' => 1, 'read_timeout' => 2]);
$name = rl_name();
$key = "Lock:$name";

/* In time: no hang (10 s, far past the 1 s connect_timeout, on a loaded host too). */
[$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : var_export($ok, true), ', in time: ', topo_yes($took < 10, $took), "\n";
$values = topo_values($raws, $key);
echo 'held on both live servers: ', topo_yes(count(array_filter($values, 'is_string')) === 2, $values), "\n";
/* A token is "<number>:<random>"; the random part is drawn once per acquisition. */
$random = array_map(fn ($v) => is_string($v) ? substr($v, strrpos($v, ':') + 1) : null, $values);
echo 'one random part on both: ', topo_yes($random[0] !== null && $random[0] !== '' && $random[0] === $random[1], $values), "\n";
[$e, $ok] = topo_timed(fn () => $lock->unlock($name));
echo 'unlock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : var_export($ok, true), "\n";
var_dump(topo_count_holding($raws, $key));
restore_error_handler();
echo 'error handler calls: ', count($calls), "\n";
foreach ($calls as $message) {
    echo "  $message\n";
}
?>
--EXPECT--
lock(): true, in time: yes
held on both live servers: yes
one random part on both: yes
unlock(): true
int(0)
error handler calls: 0
