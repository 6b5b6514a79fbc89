--TEST--
RedisLatch: names are bytes (NUL, braces, a hash tag, invalid UTF-8, 1 MiB): set, countDown, count and await work, a blocked waiter is woken, and both keys of a latch sit in one slot
--DESCRIPTION--
For each name: set(2), countDown() to 1, count(); a waiter in another process
blocks in await() and the countDown() to 0 wakes it; await(0) then answers true.
The latch's keys (found by a token in the name) are its count, the prefixed name
itself, and its open mark, a sibling key (redislock_sibling_key: "{C}:open"
without braces in C, else "{tag}:open:C"), with one element; both hash to the
same cluster slot (CRC16 and the hash-tag rule, computed here).
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require_once __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$monitor = rl_monitor();
$base = rl_name();
$names = [
    'NUL' => "$base:a\0b\0",
    'braces, no tag' => "$base:x}{y",
    'hash tag' => "{" . "$base:tag}x",
    'empty tag' => "{}$base:e",
    'invalid UTF-8' => "$base:\xff\xfe\xc3(",
    '1 MiB' => "$base:" . str_repeat("m{", 524288),
];
foreach ($names as $label => $name) {
    $key = la_key($name);
    $r = [$l->set($name, 2, 60), $l->countDown($name), $l->count($name)];
    rl_monitor_read($monitor);
    [$pids] = la_waiters($raw, $monitor, fn () => la_new(), $name, $key, 1, 60);
    $r[] = $l->countDown($name);
    $r[] = l4_wait($pids, l4_bound(30))[0];
    $r[] = $l->await($name, 0);
    $keys = la_keys($raw, $base);
    $others = array_values(array_diff($keys, [$key]));
    $siblingOk = count($keys) === 2 && in_array($key, $keys, true) && count($others) === 1
        && count($raw->call('LRANGE', $others[0], '0', '-1')) === 1 && str_contains($others[0], ':open')
        && topo_key_slot($others[0]) === topo_key_slot($key);
    if (!str_contains($key, '{') && !str_contains($key, '}')) {
        $siblingOk = $siblingOk && $others[0] === la_open($name);
    }
    echo "$label: ", json_encode($r), ', count and open mark in one slot: ', la_yes($siblingOk, array_map(fn ($k) => substr($k, 0, 80), $keys)), "\n";
    foreach ($keys as $k) {
        $raw->call('DEL', $k);
    }
}
fclose($monitor);
?>
--EXPECT--
NUL: [true,1,1,0,0,true], count and open mark in one slot: yes
braces, no tag: [true,1,1,0,0,true], count and open mark in one slot: yes
hash tag: [true,1,1,0,0,true], count and open mark in one slot: yes
empty tag: [true,1,1,0,0,true], count and open mark in one slot: yes
invalid UTF-8: [true,1,1,0,0,true], count and open mark in one slot: yes
1 MiB: [true,1,1,0,0,true], count and open mark in one slot: yes
