--TEST--
RedisSemaphore: acquire(), release() and count() do the same work on the server with 100,000 holders as with 10 (the server's SLOWLOG durations, lowest of 20 each); the counts stay exact
--DESCRIPTION--
On a server of the test's own, one semaphore has 10 holders and another 100,010:
10 acquired through the API and 100,000 written straight into the keys, as that
many acquisitions of this release leave them (the set of acquisitions and the
counts beside it). acquire(), release() and count() run 20 times on each. With
SLOWLOG recording every command, the lowest duration the server measured for
each script on the big semaphore stays within 10 times that on the small one
(plus 0.2 ms): the scripts count the permits without reading the holders. A
script that reads every holder takes about 0.9 ms per 1,000 of them. The counts
are exact on both: count() gives every permit, and an acquisition that would
pass the limit by one permit is refused.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$sem = new RedisSemaphore($server->options());
$name = rl_name();
$small = "$name:small";
$big = "$name:big";
$n = 100000;
foreach ([$small, $big] as $s) {
    for ($i = 0; $i < 10; $i++) {
        if (!is_string($sem->acquire($s, $n + 1000, 0, 600))) {
            exit("could not acquire $s\n");
        }
    }
}
/* 100,000 more acquisitions of one permit each, as acquire() writes them. */
sem_write_holders($raw, sem_key($big), 1, $n, 600000);
echo 'held: ', $sem->count($small), ' and ', $sem->count($big), "\n";
var_dump($sem->acquire($big, $n + 10, 0, 1));
var_dump($sem->acquire($small, 10, 0, 1));
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '0');
$raw->call('CONFIG', 'SET', 'slowlog-max-len', '1000');
$lowest = [];
foreach (['small' => $small, 'big' => $big] as $which => $s) {
    for ($i = 0; $i < 20; $i++) {
        $raw->call('SLOWLOG', 'RESET');
        $t = $sem->acquire($s, $n + 1000, 0, 60);
        $ok = is_string($t) && $sem->release($s, $t) && $sem->count($s) === ($which === 'big' ? $n + 10 : 10);
        if (!$ok) {
            exit("a call on $which failed\n");
        }
        foreach ($raw->call('SLOWLOG', 'GET', '1000') as $e) {
            $args = $e[3];
            if (strtoupper($args[0]) === 'EVALSHA' && ($args[3] ?? '') === sem_key($s)) {
                $script = $args[1];
                $lowest[$which][$script] = min($lowest[$which][$script] ?? PHP_INT_MAX, (int) $e[2]);
            }
        }
    }
}
$raw->call('CONFIG', 'SET', 'slowlog-log-slower-than', '10000');
echo 'scripts seen: ', count($lowest['small']), ' and ', count($lowest['big']), "\n";
$worst = [];
foreach ($lowest['small'] as $script => $us) {
    $b = $lowest['big'][$script] ?? PHP_INT_MAX;
    $worst[] = "$us/$b us";
    $fine[] = $b <= 10 * $us + 200;
}
echo 'each script as cheap with 100,000 holders as with 10: ', !in_array(false, $fine, true) ? 'yes' : 'no (' . implode(', ', $worst) . ')', "\n";
?>
--EXPECT--
held: 10 and 100010
bool(false)
bool(false)
scripts seen: 3 and 3
each script as cheap with 100,000 holders as with 10: yes
