--TEST--
Redlock: a "redlock" option that is not a non-empty list of DSNs or option arrays is refused by the constructor, naming it
--DESCRIPTION--
Redlock: a "redlock" option that is not a non-empty list of DSNs or option
arrays is rejected by the constructor with ValueError or TypeError naming it; a
bad entry is rejected like the same connection alone; entries as DSNs and as
option arrays are both accepted
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$good = topo_redlock_options()['redlock'];
$cases = [
    'empty list' => [['redlock' => []], 'redlock'],
    'a string, not a list' => [['redlock' => $good[0]], 'redlock'],
    'an int' => [['redlock' => 5], 'redlock'],
    'entry an int' => [['redlock' => [$good[0], 6999]], 'redlock'],
    'entry null' => [['redlock' => [$good[0], null]], 'redlock'],
];
foreach ($cases as $what => [$options, $option]) {
    try {
        new RedisLock($options);
        echo "$what: accepted\n";
    } catch (ValueError|TypeError $e) {
        echo $what, ': ', str_contains($e->getMessage(), $option) ? "rejected, naming \"$option\"" : get_class($e) . ': ' . $e->getMessage(), "\n";
    }
}
/* Entries that are bad connections on their own. */
foreach (['malformed DSN' => 'nonsense://x', 'port out of range' => 'redis://127.0.0.1:70000',
          'unknown option' => ['host' => '127.0.0.1', 'frobnicate' => 1], 'port of the wrong type' => ['port' => '6999']] as $what => $entry) {
    try {
        new RedisLock(['redlock' => [$good[0], $entry, $good[1]]]);
        echo "$what: accepted\n";
    } catch (ValueError|TypeError $e) {
        echo "$what: ", get_class($e), "\n";
    }
}
/* Arrays and DSNs mixed, top-level options applying to all. */
$mixed = [];
foreach (topo_redlock_servers() as $i => $endpoint) {
    $mixed[] = $i % 2 ? 'redis://' . $endpoint : ['host' => '127.0.0.1', 'port' => topo_port($endpoint)];
}
$lock = new RedisLock(['redlock' => $mixed, 'connect_timeout' => 1.0, 'read_timeout' => 1.0, 'prefix' => 'mixed:', 'auto_release' => true]);
$name = rl_name();
var_dump($lock->lock($name), topo_count_holding(topo_raws(topo_redlock_servers()), "mixed:$name"), $lock->unlock($name));
?>
--EXPECT--
empty list: rejected, naming "redlock"
a string, not a list: rejected, naming "redlock"
an int: rejected, naming "redlock"
entry an int: rejected, naming "redlock"
entry null: rejected, naming "redlock"
malformed DSN: ValueError
port out of range: ValueError
unknown option: ValueError
port of the wrong type: TypeError
bool(true)
int(5)
bool(true)
