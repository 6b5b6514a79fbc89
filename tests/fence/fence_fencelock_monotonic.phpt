--TEST--
RedisLock::fenceLock(): numbers drawn late by unfenced addLock() holders strictly grow from holder to holder
--DESCRIPTION--
RedisLock::fenceLock(): numbers drawn late by unfenced addLock() holders
strictly grow from holder to holder, interleaved with eager addLock() tokens,
lock() holders drawing through fencingToken() and unfenced holders that never
draw one
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());

$seen = [];
$ok = true;
for ($i = 0; $i < 24; $i++) {
    $holder = $i % 2 ? $a : $b;
    switch ($i % 4) {
        case 0: // unfenced, drawn late: after another name's numbers were drawn meanwhile
            $token = $holder->addLock($name, 10, fenced: false);
            $other = rl_name(':other');
            $t = $a->addLock($other, 10);
            $ok = $t !== false && $a->releaseLock($other, $t) && $ok;
            usleep(10000);
            $fenced = $holder->fenceLock($name, (string) $token);
            $ok = $ok && $fenced === $raw->call('GET', $key) && str_ends_with((string) $fenced, ":$token");
            $seen[] = (int) $fenced;
            $ok = $holder->releaseLock($name, (string) $fenced) && $ok;
            break;
        case 1: // unfenced, never drawn
            $token = $holder->addLock($name, 10, fenced: false);
            $ok = $token !== false && $holder->releaseLock($name, $token) && $ok;
            break;
        case 2: // eager
            $token = $holder->addLock($name, 10);
            $seen[] = (int) $token;
            $ok = $token !== false && $holder->releaseLock($name, $token) && $ok;
            break;
        case 3: // lock(), drawn through fencingToken()
            $ok = $holder->lock($name, 0, 10) && $ok;
            $seen[] = $holder->fencingToken($name);
            $ok = $holder->unlock($name) && $ok;
            break;
    }
}
var_dump($ok);
$increasing = count($seen) === 18;
for ($i = 1; $i < count($seen); $i++) {
    $increasing = $increasing && is_int($seen[$i]) && $seen[$i] > $seen[$i - 1];
}
var_dump($increasing ? 'strictly increasing' : implode(',', array_map('var_export', $seen, array_fill(0, count($seen), true))));
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
string(19) "strictly increasing"
int(0)
