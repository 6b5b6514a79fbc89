--TEST--
RedisLock::addLock(fenced: false): the token is 32 hex digits and the holder's label, with no fencing number, taken with one native SET NX PX
--DESCRIPTION--
RedisLock::addLock(fenced: false): the token is 32 hex digits with no fencing
number, an uncontended acquisition is one native SET NX PX of it (as lock()'s),
a busy name gives false, and releaseLock(), extendLock() and holdsLock() take
the token
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

/* Connected before counting. */
$warm = rl_name(':warm');
var_dump($lock->releaseLock($warm, (string) $lock->addLock($warm, 5, fenced: false)));
var_dump($other->isLocked($warm));

$skip = [ho_addr($raw)];
$monitor = rl_monitor();
$token = $lock->addLock($name, 7, fenced: false);
$acquire = ho_others(rl_monitor_read($monitor), $name, $skip);
var_dump(preg_match('/^[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $token));
var_dump($raw->call('GET', $key) === $token);
echo "acquisition: ", count($acquire), " command(s)\n";
foreach ($acquire as $c) {
    echo ho_show(array_slice($c['args'], 0, 3), [$key => 'KEY', $token => 'TOKEN']), ' ', ho_set_options($c['args']), "\n";
}
fclose($monitor);

var_dump($other->addLock($name, 7, fenced: false));
var_dump($other->holdsLock($name, $token), $other->extendLock($name, $token, 30));
var_dump($raw->call('PTTL', $key) > 29000);
var_dump($other->releaseLock($name, $token), $other->releaseLock($name, $token));
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
bool(false)
int(1)
bool(true)
acquisition: 1 command(s)
SET KEY TOKEN NX PX 7000
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
