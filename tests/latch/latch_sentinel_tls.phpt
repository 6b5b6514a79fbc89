--TEST--
RedisLatch counts on the master Sentinel names, and over TLS with peer verification and a client certificate: set, countDown, count and await
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require_once __DIR__ . '/../harness/latch_test.inc';
$name = rl_name();
$master = topo_sentinel_master();
$raw = topo_raw($master);
foreach (['sentinel (array)' => topo_sentinel_options(), 'sentinel (DSN)' => topo_sentinel_dsn()] as $label => $conn) {
    $l = new RedisLatch($conn);
    $n = "$name:$label";
    $r = [$l->set($n, 2, 30), $l->countDown($n), $l->await($n, 0.2), $l->countDown($n), $l->await($n, 5), $l->count($n)];
    echo "$label: ", json_encode($r), ', its keys on the master: ', topo_yes($raw->call('GET', "Latch:$n") === '0' && $raw->call('LLEN', "{Latch:$n}:open") === 1), "\n";
    $raw->call('DEL', "Latch:$n", "{Latch:$n}:open");
}
$l = new RedisLatch(rl_tls_options());
$r = [$l->set($name, 1, 30), $l->count($name), $l->await($name, 0.2), $l->countDown($name), $l->await($name, 5), $l->names()['names'] !== []];
echo 'tls: ', json_encode($r), "\n";
?>
--EXPECT--
sentinel (array): [true,1,false,0,true,0], its keys on the master: yes
sentinel (DSN): [true,1,false,0,true,0], its keys on the master: yes
tls: [true,1,false,0,true,true]
