--TEST--
RedisLock::fenceLock(): on an unfenced addLock() token it draws a number in one round trip and stores "<fence>:<token>", keeping the lifetime
--DESCRIPTION--
RedisLock::fenceLock(): on an unfenced addLock() token it draws a number in one
round trip and rewrites the stored value to "<fence>:<token>" keeping its
lifetime; both the new token and the old one name the hold (holdsLock,
extendLock, releaseLock), as the random part does; asked again with either token
it gives the same token back; false once released or for another random part
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

/* Connected, and the script known to the server, before counting. */
$warm = rl_name(':warm');
$t = $lock->addLock($warm, 5, fenced: false);
var_dump(is_string($lock->fenceLock($warm, $t)));
$lock->forceUnlock($warm);

$token = $lock->addLock($name, 10, fenced: false);
usleep(300000);
$pttl_before = $raw->call('PTTL', $key);
$skip = [ho_addr($raw)];
$monitor = rl_monitor();
$fenced = $lock->fenceLock($name, $token);
$sent = ho_others(rl_monitor_read($monitor), $name, $skip);
fclose($monitor);
echo "round trips: ", count(array_filter($sent, fn ($c) => $c['client'] !== 'lua')), "\n";
var_dump(preg_match('/^([1-9][0-9]*):(.*)$/Ds', (string) $fenced, $m) === 1 && $m[2] === $token);
var_dump($raw->call('GET', $key) === $fenced);
$pttl_after = $raw->call('PTTL', $key);
var_dump($pttl_after > 0 && $pttl_after <= $pttl_before ? 'lifetime kept' : "PTTL $pttl_before then $pttl_after");

/* Asked again, with the old token or the new one: the same token, no new number. */
var_dump($other->fenceLock($name, $token) === $fenced, $other->fenceLock($name, $fenced) === $fenced);
var_dump($raw->call('GET', $key) === $fenced);

/* Both tokens name the hold; the stored value keeps its number. */
var_dump($other->holdsLock($name, $token), $other->extendLock($name, $token, 20));
var_dump($raw->call('PTTL', $key) > 19000, $raw->call('GET', $key) === $fenced);
var_dump($other->holdsLock($name, $fenced), $other->extendLock($name, $fenced, 30));
var_dump($raw->call('PTTL', $key) > 29000);

/* Another random part: false, nothing touched. The random part with a made-up
 * number in front still names the hold: the number given is not trusted. */
var_dump($other->fenceLock($name, ($token[0] === 'f' ? 'e' : 'f') . substr($token, 1)));
var_dump($other->fenceLock($name, '7:' . $token) === $fenced);
var_dump($raw->call('GET', $key) === $fenced);
var_dump($other->releaseLock($name, $token), $other->releaseLock($name, $fenced));
var_dump($lock->fenceLock($name, $token), $lock->fenceLock($name, $fenced));
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
round trips: 1
bool(true)
bool(true)
string(13) "lifetime kept"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
int(0)
