--TEST--
Sentinel: bad "sentinel" or "service" options and malformed sentinel:// DSNs are refused by the constructor, naming the option
--DESCRIPTION--
Sentinel: a "sentinel" option that is not a non-empty list of "host:port"
strings, or a missing or empty "service", is rejected by the constructor with
ValueError or TypeError naming the option; malformed sentinel:// DSNs with
ValueError
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$good = topo_sentinels();
$cases = [
    'empty list' => [['sentinel' => [], 'service' => 'm'], 'sentinel'],
    'a string, not a list' => [['sentinel' => $good[0], 'service' => 'm'], 'sentinel'],
    'an int' => [['sentinel' => 26999, 'service' => 'm'], 'sentinel'],
    'port 0' => [['sentinel' => ['127.0.0.1:0'], 'service' => 'm'], 'sentinel'],
    'port out of range' => [['sentinel' => ['127.0.0.1:70000'], 'service' => 'm'], 'sentinel'],
    'port not a number' => [['sentinel' => ['127.0.0.1:abc'], 'service' => 'm'], 'sentinel'],
    'empty entry' => [['sentinel' => [''], 'service' => 'm'], 'sentinel'],
    'entry not a string' => [['sentinel' => [26999], 'service' => 'm'], 'sentinel'],
    'entry an array' => [['sentinel' => [['127.0.0.1', 26999]], 'service' => 'm'], 'sentinel'],
    'named keys' => [['sentinel' => ['a' => $good[0]], 'service' => 'm'], 'sentinel'],
    'missing service' => [['sentinel' => $good], 'service'],
    'empty service' => [['sentinel' => $good, 'service' => ''], 'service'],
    'service not a string' => [['sentinel' => $good, 'service' => 5], 'service'],
];
foreach ($cases as $what => [$options, $option]) {
    $problems = [];
    foreach (['RedisLock', 'RedisQueue'] as $class) {
        try {
            new $class($options);
            $problems[] = "$class accepted it";
        } catch (ValueError|TypeError $e) {
            if (!str_contains($e->getMessage(), $option)) {
                $problems[] = "$class: " . get_class($e) . ': ' . $e->getMessage();
            }
        }
    }
    echo $what, ': ', $problems ? implode('; ', $problems) : "rejected, naming \"$option\"", "\n";
}

foreach (['sentinel:///m', 'sentinel://127.0.0.1:26999', 'sentinel://127.0.0.1:26999/',
          'sentinel://127.0.0.1:0/m', 'sentinel://127.0.0.1:26999,/m', 'sentinel://127.0.0.1:26999/m?frobnicate=1'] as $dsn) {
    try {
        new RedisLock($dsn);
        echo "$dsn: accepted\n";
    } catch (ValueError $e) {
        echo "$dsn: ValueError\n";
    }
}
?>
--EXPECT--
empty list: rejected, naming "sentinel"
a string, not a list: rejected, naming "sentinel"
an int: rejected, naming "sentinel"
port 0: rejected, naming "sentinel"
port out of range: rejected, naming "sentinel"
port not a number: rejected, naming "sentinel"
empty entry: rejected, naming "sentinel"
entry not a string: rejected, naming "sentinel"
entry an array: rejected, naming "sentinel"
named keys: rejected, naming "sentinel"
missing service: rejected, naming "service"
empty service: rejected, naming "service"
service not a string: rejected, naming "service"
sentinel:///m: ValueError
sentinel://127.0.0.1:26999: ValueError
sentinel://127.0.0.1:26999/: ValueError
sentinel://127.0.0.1:0/m: ValueError
sentinel://127.0.0.1:26999,/m: ValueError
sentinel://127.0.0.1:26999/m?frobnicate=1: ValueError
