--TEST--
RedisLock::lockMany() takes up to 250 names in one script, a bounded number of commands per name, and refuses more with a ValueError before anything is sent
--DESCRIPTION--
One script takes every name of a lockMany(), and Redis serves nobody while it
runs, so its work must stay bounded. 250 names (the bound) are taken, waited
for by a second caller and released; MONITOR, filtered to this test's names,
shows each call as single scripts that name at most the 250 names, and the
commands the server ran inside each script (which MONITOR logs too) at most a
few per name. 251 names and 100,000 names are a ValueError that sends nothing.
How long such a script runs on the server is a benchmark figure.
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$names = array_map(fn($i) => "$name:$i", range(1, 250));
$lock = new RedisLock(rl_options());
$other = new RedisLock(rl_options());
/* Connected before MONITOR starts. */
$lock->isLocked("$name:warm");
$other->isLocked("$name:warm");
$monitor = rl_monitor();
var_dump($lock->lockMany($names, 0, 30));
var_dump($other->lockMany(array_reverse($names), 0.3, 30));
var_dump($lock->unlockAll());
var_dump($other->lockMany($names, 1, 30), $other->unlockAll());
$raw->call('ECHO', "$name:refused");
foreach ([251, 100000] as $n) {
    $many = array_map(fn($i) => "$name:$i", range(1, $n));
    try {
        $lock->lockMany($many);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
$seen = rl_monitor_read($monitor, 0.0);
fclose($monitor);
[$before, $after] = explode('"' . "$name:refused" . '"', $seen, 2) + [1 => ''];
/* The client scripts that named this test's locks, and the runs of commands the
 * server ran inside scripts ("lua" lines): a script runs alone, so each run is one
 * script's (MONITOR logs it before or after the script's own line, by version). */
$keys = [];
$runs = [];
$run = null;
foreach (ho_commands($before) as $c) {
    $ours = (bool) array_filter(array_slice($c['args'], 1), fn($a) => str_contains($a, "Lock:$name:"));
    if ($c['client'] === 'lua') {
        $run ??= ['n' => 0, 'ours' => false];
        $run['n']++;
        $run['ours'] = $run['ours'] || $ours;
        continue;
    }
    if ($run !== null && $run['ours']) {
        $runs[] = $run['n'];
    }
    $run = null;
    if ($ours && in_array($c['args'][0], ['EVALSHA', 'EVAL'], true)) {
        $keys[] = (int) $c['args'][2];
    }
}
if ($run !== null && $run['ours']) {
    $runs[] = $run['n'];
}
/* lockMany() gives a script two keys per name (the lock and its counter). */
echo 'scripts that named all 250 names at once: ', count(array_keys($keys, 500)) >= 4 ? 'at least 4' : json_encode(array_count_values($keys)), "\n";
echo 'none named more than 250: ', $keys && max($keys) <= 500 ? 'yes' : 'no', "\n";
$most = $runs ? max($runs) : 0;
echo 'at most 12 commands per name inside any script: ', $most > 0 && $most <= 12 * 250 ? 'yes' : "no ($most)", "\n";
echo 'nothing sent for 251 or 100,000 names: ', str_contains($after, "$name:251") || str_contains($after, "$name:250\"") ? 'no' : 'yes', "\n";
var_dump($raw->call('EXISTS', "Lock:$name:1"));
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
RedisLock::lockMany(): Argument #1 ($names) must not hold more than 250 names
RedisLock::lockMany(): Argument #1 ($names) must not hold more than 250 names
scripts that named all 250 names at once: at least 4
none named more than 250: yes
at most 12 commands per name inside any script: yes
nothing sent for 251 or 100,000 names: yes
int(0)
