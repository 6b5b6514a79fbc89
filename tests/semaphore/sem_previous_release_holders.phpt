--TEST--
RedisSemaphore: holders and waiters written by the previous release (a member of the set alone, an alive mark without the leading 0) count and are served during a rolling deploy
--DESCRIPTION--
Both releases share a semaphore's keys. The previous release writes an
acquisition as one member "<permits>:<id>" of the set and nothing else, and a
waiter's alive mark as "<permits>:<limit>". Such a holder of 3 permits, written
straight into the keys, counts: of a limit of 5, 2 more are given and a third is
refused; its removal, as that release does it, frees its permits. Such a waiter
is promised its permits by a release of this one (a member of the set, as it
expects), and they count while it confirms them as it would. The permits held
are exact at every step.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$sem = sem_new();
$name = rl_name();
$key = sem_key($name);
$queue = sem_queue_key($name);
$t = $raw->call('TIME');
$now = (int) $t[0] * 1000 + intdiv((int) $t[1], 1000);
$old = '3:' . str_repeat('0a', 16);
$raw->call('ZADD', $key, (string) ($now + 30000), $old);
$raw->call('PEXPIRE', $key, '60000');
echo 'held: ', $sem->count($name), "\n";
$a = $sem->acquire($name, 5, 0, 30, 2);
var_dump(is_string($a), $sem->acquire($name, 5, 0, 30, 1));
echo 'held: ', $sem->count($name), "\n";
$raw->call('ZREM', $key, $old);
echo 'held after the old holder left: ', $sem->count($name), "\n";
$b = $sem->acquire($name, 5, 0, 30, 3);
var_dump(is_string($b), $sem->acquire($name, 5, 0, 30, 1));
/* A waiter of the previous release, for 2 permits. */
$id = str_repeat('0b', 16);
$raw->call('ZADD', $queue, '1', $id);
$raw->call('SET', "{{$key}}:w:a:$id", '2:5', 'PX', '30000');
var_dump($sem->release($name, $b));
echo 'promised to it: ', $raw->call('ZSCORE', $key, "2:$id") !== null ? 'yes' : 'no', "\n";
echo 'held: ', $sem->count($name), "\n";
var_dump($sem->acquire($name, 5, 0, 30, 2));
/* It confirms as its release does: its own lifetime on its member. */
$raw->call('ZADD', $key, (string) ($now + 40000), "2:$id");
$raw->call('ZREM', $queue, $id);
$raw->call('DEL', "{{$key}}:w:a:$id", "{{$key}}:w:w:$id");
echo 'held: ', $sem->count($name), "\n";
$c = $sem->acquire($name, 5, 0, 30, 1);
var_dump(is_string($c), $sem->acquire($name, 5, 0, 30, 1));
$i = $sem->inspect($name);
echo 'inspect: ', $i['held'], ' permits, ', $i['holders'], ' holders, ', count($i['ttls']), " lifetimes\n";
$raw->call('ZREM', $key, "2:$id");
var_dump($sem->release($name, $a), $sem->release($name, $c));
echo 'held: ', $sem->count($name), "\n";
echo 'keys left: ', $raw->call('EXISTS', $key, '{' . $key . '}:units', $queue), "\n";
?>
--EXPECT--
held: 3
bool(true)
bool(false)
held: 5
held after the old holder left: 2
bool(true)
bool(false)
bool(true)
promised to it: yes
held: 4
bool(false)
held: 4
bool(true)
bool(false)
inspect: 5 permits, 3 holders, 3 lifetimes
bool(true)
bool(true)
held: 0
keys left: 0
