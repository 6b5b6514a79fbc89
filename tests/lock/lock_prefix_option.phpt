--TEST--
RedisLock: the option "prefix" (array or DSN query) replaces the default key prefix "Lock:"
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();

$a = new RedisLock(rl_options(['prefix' => 'app1:mutex:']));
var_dump($a->lock($name));
var_dump($raw->call('EXISTS', "app1:mutex:$name"));
var_dump($raw->call('EXISTS', "Lock:$name"));

$b = new RedisLock(rl_dsn() . '?prefix=' . rawurlencode('app 2/'));
var_dump($b->lock($name));
var_dump($raw->call('EXISTS', "app 2/$name"));

/* Different prefixes are different locks; the same prefix is the same lock. */
$c = new RedisLock(rl_dsn());
var_dump($c->lock($name));
$d = new RedisLock(rl_options(['prefix' => 'app1:mutex:']));
var_dump($d->lock($name));

/* An empty prefix makes the key the bare name. */
$e = new RedisLock(rl_options(['prefix' => '']));
var_dump($e->lock($name . ':bare'));
var_dump($raw->call('EXISTS', "$name:bare"));

var_dump($a->unlock($name), $b->unlock($name), $c->unlock($name), $e->unlock("$name:bare"));
var_dump($raw->call('EXISTS', "app1:mutex:$name", "app 2/$name", "Lock:$name", "$name:bare"));
?>
--EXPECT--
bool(true)
int(1)
int(0)
bool(true)
int(1)
bool(true)
bool(false)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
