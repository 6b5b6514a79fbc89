--TEST--
Redlock: an error handler never runs during lock(), so the object's state cannot change under the call
--DESCRIPTION--
Redlock: an error handler that would call lock() again on the same object never
runs during lock() (a member that does not resolve raises nothing), so the
object's state is not changed under the call: both live servers hold the token
the object holds
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$live = array_slice(topo_redlock_servers(), 0, 2);
$raws = topo_raws($live);
$lock = new RedisLock(['redlock' => ['redis://' . $live[0], 'redis://' . $live[1], 'redis://no-such-host.invalid:6999'],
    'connect_timeout' => 1, 'read_timeout' => 2]);
$name = rl_name();
$key = "Lock:$name";
$reentered = [];
set_error_handler(function (int $no, string $message) use (&$reentered, $lock, $name): bool {
    try {
        $reentered[] = "$message => " . var_export($lock->lock($name), true);
    } catch (Throwable $e) {
        $reentered[] = "$message => " . get_class($e) . ': ' . $e->getMessage();
    }
    return true;
});

[$e, $ok] = topo_timed(fn () => $lock->lock($name, 0, 10));
restore_error_handler();
echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : var_export($ok, true), "\n";
echo 'error handler runs: ', count($reentered), "\n";
foreach ($reentered as $line) {
    echo "  $line\n";
}
$values = topo_values($raws, $key);
echo 'one value on both live servers: ', topo_yes(is_string($values[0]) && $values[0] === $values[1], $values), "\n";
/* isLocking(), unlock() and the servers agree that it is this object's token:
 * the release compares the token on each server before it deletes. */
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
var_dump(topo_count_holding($raws, $key));
?>
--EXPECT--
lock(): true
error handler runs: 0
one value on both live servers: yes
bool(true)
bool(true)
int(0)
