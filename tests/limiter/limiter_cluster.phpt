--TEST--
Cluster: RedisRateLimiter decides on every master and with a {hash tag}, its one key on the master that owns its slot, and wait() and names() work across the masters
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
$base = rl_name();
$names = [];
foreach (topo_cluster_seeds() as $i => $master) {
    $names["master $i"] = topo_name_on($master, "$base:$i", 'Limiter:');
}
$names['hash tag'] = '{' . $base . ':tag}:x';
$l = new RedisRateLimiter(topo_cluster_options());
foreach ($names as $label => $name) {
    $key = "Limiter:$name";
    $raw = topo_raw_for_key($key);
    $allowed = [];
    for ($i = 0; $i < 4; $i++) {
        $allowed[] = $l->consume($name, 3, 10, 1, 'fixed_window')['allowed'];
    }
    $onOwner = (lim_state($raw, $key)['numbers'][4] ?? null) === '3';
    $t = microtime(true);
    /* The second waits 0.2 s for its place; the bound is half of the 30 s timeout. */
    $w = $l->wait("$name:w", 1, 0.2, 1, 'token_bucket', null, 30);
    $w2 = $l->wait("$name:w", 1, 0.2, 1, 'token_bucket', null, 30);
    $waited = microtime(true) - $t;
    echo "$label: ", implode(',', array_map(fn ($a) => $a ? 'y' : 'n', $allowed)), ', on its owner: ', topo_yes($onOwner),
        ', waited its turn: ', topo_yes(is_array($w) && is_array($w2) && $waited > 0.19 && $waited < 15, $waited),
        ', inspect: ', $l->inspect($name)['remaining'], "\n";
}
$listed = [];
$cursor = null;
do {
    $page = $l->names($cursor, 1000);
    $listed = array_merge($listed, $page['names']);
    $cursor = $page['cursor'];
} while ($cursor !== null);
echo 'names() lists them all: ', topo_yes(!array_diff(array_values($names), $listed)), "\n";
foreach ($names as $name) {
    $l->reset($name);
    $l->reset("$name:w");
}
?>
--EXPECT--
master 0: y,y,y,n, on its owner: yes, waited its turn: yes, inspect: 0
master 1: y,y,y,n, on its owner: yes, waited its turn: yes, inspect: 0
master 2: y,y,y,n, on its owner: yes, waited its turn: yes, inspect: 0
hash tag: y,y,y,n, on its owner: yes, waited its turn: yes, inspect: 0
names() lists them all: yes
