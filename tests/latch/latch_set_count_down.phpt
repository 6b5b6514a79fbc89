--TEST--
RedisLatch: set() creates a latch once, countDown() counts it down to 0 and never below, count() reads it; the latch opens at 0 and every key lives no longer than its ttl
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$name = rl_name();
var_dump($l->count($name), $l->countDown($name), $l->await($name, 0));
$t0 = microtime(true);
var_dump($l->set($name, 3, 60), $l->set($name, 5, 60), $l->count($name));
$pttl = $raw->call('PTTL', la_key($name));
$took = (int) ceil((microtime(true) - $t0) * 1000);   // a loaded machine may take its time
echo 'the count is the server\'s string "3", with its ttl: ', la_yes($raw->call('GET', la_key($name)) === '3'
    && $pttl >= 60000 - $took - 2 && $pttl <= 60000, $pttl), "\n";
var_dump($l->await($name, 0), $l->countDown($name), $l->countDown($name), $raw->call('EXISTS', la_open($name)));
$ttl = $raw->call('PTTL', la_key($name));
var_dump($l->countDown($name, 5), $l->count($name), $l->await($name, 0), $l->await($name, 5));
echo 'open: the mark is one element, it keeps the count\'s ttl: ', la_yes($raw->call('LLEN', la_open($name)) === 1
    && $raw->call('PEXPIRETIME', la_open($name)) === $raw->call('PEXPIRETIME', la_key($name)) && $raw->call('PTTL', la_key($name)) <= $ttl), "\n";
var_dump($l->countDown($name), $l->count($name), $l->set($name, 1, 60));

/* Set at 0: open at once. */
$zero = rl_name();
var_dump($l->set($zero, 0, 30), $l->count($zero), $l->await($zero, 0), $l->countDown($zero));

/* The lifetime: both keys go with it, and the name can be set again. */
$short = rl_name();
var_dump($l->set($short, 1, 0.2), $l->countDown($short));
l4_until(fn () => $raw->call('EXISTS', la_key($short), la_open($short)) === 0, 5);
var_dump($raw->call('EXISTS', la_key($short), la_open($short)), $l->count($short), $l->await($short, 0), $l->countDown($short));
var_dump($l->set($short, 2, 30), $l->count($short), $raw->call('EXISTS', la_open($short)));

/* A big count, and steps as big. */
$big = rl_name();
var_dump($l->set($big, RedisLatch::MAX_COUNT, 30), $l->count($big), $l->countDown($big, RedisLatch::MAX_COUNT - 1), $l->countDown($big, RedisLatch::MAX_COUNT));
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
int(3)
the count is the server's string "3", with its ttl: yes
bool(false)
int(2)
int(1)
int(0)
int(0)
int(0)
bool(true)
bool(true)
open: the mark is one element, it keeps the count's ttl: yes
int(0)
int(0)
bool(false)
bool(true)
int(0)
bool(true)
int(0)
bool(true)
int(0)
int(0)
bool(false)
bool(false)
bool(false)
bool(true)
int(2)
int(0)
bool(true)
int(1000000000000000)
int(1)
int(0)
