--TEST--
RedisLock: destroying an object (unset, end of scope) releases its shared holds, and only its own share: the other reader's member stays
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$stays = new RedisLock(rl_dsn());
var_dump($stays->lockShared($name, 0, 30));
$mine = sh_tokens($raw, $name);
$gone = new RedisLock(rl_dsn());
var_dump($gone->lockShared($name, 0, 30), $gone->lockShared("$name:b", 0, 30));
var_dump(sh_count($raw, $name));
unset($gone);
var_dump(sh_tokens($raw, $name) === $mine);
var_dump($raw->call('EXISTS', l4_key("$name:b")));

function scoped(string $name): void
{
    $lock = new RedisLock(rl_dsn());
    $lock->lockShared($name, 0, 30);
    echo 'in scope: ', sh_count(new RawRedis(), $name), "\n";
}
scoped($name);
var_dump(sh_tokens($raw, $name) === $mine);
var_dump($stays->isLocking($name), $stays->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(2)
bool(true)
int(0)
in scope: 2
bool(true)
bool(true)
bool(true)
int(0)
