--TEST--
Cluster: a "database" other than 0 or a bad "cluster" option is refused by the constructor, naming it
--DESCRIPTION--
Cluster: a "database" other than 0 is a ValueError (option or DSN); a "cluster"
option that is not a non-empty list of "host:port" strings is a ValueError or
TypeError naming it; database 0 is accepted
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$good = topo_cluster_seeds();
$cases = [
    'database 1' => [['cluster' => $good, 'database' => 1], 'database'],
    'empty list' => [['cluster' => []], 'cluster'],
    'a string, not a list' => [['cluster' => $good[0]], 'cluster'],
    'an int' => [['cluster' => 7000], 'cluster'],
    'port 0' => [['cluster' => ['127.0.0.1:0']], 'cluster'],
    'port out of range' => [['cluster' => ['127.0.0.1:70000']], 'cluster'],
    'empty entry' => [['cluster' => ['']], 'cluster'],
    'entry not a string' => [['cluster' => [7000]], 'cluster'],
    'named keys' => [['cluster' => ['a' => $good[0]]], 'cluster'],
];
foreach ($cases as $what => [$options, $option]) {
    $problems = [];
    foreach (['RedisLock', 'RedisQueue'] as $class) {
        try {
            new $class($options);
            $problems[] = "$class accepted it";
        } catch (ValueError|TypeError $e) {
            if ($option === 'database' && !$e instanceof ValueError) {
                $problems[] = "$class: " . get_class($e);
            } elseif (!str_contains($e->getMessage(), $option)) {
                $problems[] = "$class: " . get_class($e) . ': ' . $e->getMessage();
            }
        }
    }
    echo $what, ': ', $problems ? implode('; ', $problems) : "rejected, naming \"$option\"", "\n";
}
foreach (['redis-cluster://' . $good[0] . '?db=1', 'redis-cluster://' . $good[0] . '/1', 'redis-cluster://',
          'redis-cluster://127.0.0.1:0', 'redis-cluster://' . $good[0] . '?frobnicate=1'] as $dsn) {
    try {
        new RedisLock($dsn);
        echo "$dsn: accepted\n";
    } catch (ValueError $e) {
        echo str_replace($good[0], 'SEED', $dsn), ": ValueError\n";
    }
}
$lock = new RedisLock(['cluster' => $good, 'database' => 0]);
$name = rl_name();
var_dump($lock->lock($name), $lock->unlock($name));
?>
--EXPECT--
database 1: rejected, naming "database"
empty list: rejected, naming "cluster"
a string, not a list: rejected, naming "cluster"
an int: rejected, naming "cluster"
port 0: rejected, naming "cluster"
port out of range: rejected, naming "cluster"
empty entry: rejected, naming "cluster"
entry not a string: rejected, naming "cluster"
named keys: rejected, naming "cluster"
redis-cluster://SEED?db=1: ValueError
redis-cluster://SEED/1: ValueError
redis-cluster://: ValueError
redis-cluster://127.0.0.1:0: ValueError
redis-cluster://SEED?frobnicate=1: ValueError
bool(true)
bool(true)
