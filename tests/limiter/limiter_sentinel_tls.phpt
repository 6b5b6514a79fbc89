--TEST--
RedisRateLimiter decides on the master Sentinel names, and over TLS with peer verification and a client certificate
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$master = topo_sentinel_master();
$raw = topo_raw($master);
foreach (['sentinel (array)' => topo_sentinel_options(), 'sentinel (DSN)' => topo_sentinel_dsn()] as $label => $conn) {
    $l = new RedisRateLimiter($conn);
    $r = [$l->consume("$name:$label", 2, 10)['allowed'], $l->consume("$name:$label", 2, 10)['allowed'], $l->consume("$name:$label", 2, 10)['allowed']];
    echo "$label: ", json_encode($r), ', its key on the master: ', topo_yes($raw->call('TYPE', "Limiter:$name:$label") === 'string'), "\n";
    $l->reset("$name:$label");
}
$l = new RedisRateLimiter(rl_tls_options());
$r = [$l->consume($name, 2, 10, 2, 'sliding_window')['allowed'], $l->peek($name, 2, 10, 1, 'sliding_window')['allowed']];
$w = $l->wait("$name:w", 1, 0.1, 1, 'token_bucket', null, 1);
$w2 = $l->wait("$name:w", 1, 0.1, 1, 'token_bucket', null, 1);
echo 'tls: ', json_encode($r), ', waits: ', topo_yes(is_array($w) && is_array($w2)), ', reset: ', var_export($l->reset($name), true), "\n";
?>
--EXPECT--
sentinel (array): [true,true,false], its key on the master: yes
sentinel (DSN): [true,true,false], its key on the master: yes
tls: [true,false], waits: yes, reset: true
