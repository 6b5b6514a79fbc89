--TEST--
RedisLock::lock(): an uncontended acquisition is one native SET NX PX of a labelled token (no script), a busy one with $timeout 0 is that same single SET, and unlock() is one EVALSHA
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

/* Both connections open and the unlock script known to the server before counting:
 * a one-time connection setup or NOSCRIPT fallback is not what is measured. */
$warm = rl_name(':warm');
var_dump($lock->lock($warm, 0, 5) && $lock->unlock($warm));
var_dump($other->isLocked($warm));

/* Commands of this test's own raw connection are not counted. */
$skip = [ho_addr($raw)];
$monitor = rl_monitor();
var_dump($lock->lock($name, 0, 7));
$acquire = ho_others(rl_monitor_read($monitor), $name, $skip);
$token = $raw->call('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $token));
$pttl = $raw->call('PTTL', $key);
var_dump($pttl > 6000 && $pttl <= 7000);

/* What the server ran for the acquisition: one SET, sent by the client itself. */
echo "acquisition: ", count($acquire), " command(s)\n";
foreach ($acquire as $c) {
    echo ho_show(array_slice($c['args'], 0, 3), [$key => 'KEY', $token => 'TOKEN']), ' ', ho_set_options($c['args']), "\n";
}

/* Busy, $timeout 0: again one SET, refused, and nothing else. */
var_dump($other->lock($name));
$busy = ho_others(rl_monitor_read($monitor), $name, $skip);
echo "busy lock(): ", implode(' | ', array_map(fn ($c) => $c['args'][0] . ' ' . ho_set_options($c['args']), $busy)), "\n";
var_dump($raw->call('GET', $key) === $token);

/* unlock(): one EVALSHA. */
var_dump($lock->unlock($name));
$unlock = ho_others(rl_monitor_read($monitor), $name, $skip);
echo "unlock(): ", implode(' | ', array_map(fn ($c) => $c['args'][0], $unlock)), "\n";
var_dump($raw->call('EXISTS', $key));
fclose($monitor);
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
int(1)
bool(true)
acquisition: 1 command(s)
SET KEY TOKEN NX PX 7000
bool(false)
busy lock(): SET NX PX 15000
bool(true)
bool(true)
unlock(): EVALSHA
int(0)
