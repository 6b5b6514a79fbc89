--TEST--
RedisLock::fencingToken(): numbers drawn lazily by successive holders of a name strictly grow
--DESCRIPTION--
RedisLock::fencingToken(): numbers drawn lazily by successive holders of a name
strictly grow, interleaved with eager addLock() tokens ("<fence>:<32 hex>") and
holders that never draw one, also when a holder draws its number late in its
tenure
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());

$seen = [];
$forms = true;
for ($i = 0; $i < 20; $i++) {
    $holder = $i % 2 ? $a : $b;
    switch ($i % 4) {
        case 0: // lock(), number drawn at once
            $ok = $holder->lock($name, 0, 10);
            $seen[] = $holder->fencingToken($name);
            $ok = $ok && $holder->unlock($name);
            break;
        case 1: // lock(), never drawn
            $ok = $holder->lock($name, 0, 10) && $holder->unlock($name);
            break;
        case 2: // addLock(): eager
            $token = $holder->addLock($name, 10);
            $forms = $forms && preg_match('/^[0-9]+:[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', (string) $token) === 1
                && $raw->call('GET', $key) === $token;
            $seen[] = (int) $token;
            $ok = $token !== false && $holder->releaseLock($name, $token);
            break;
        case 3: // lock(), drawn late: after another name's numbers were drawn meanwhile
            $ok = $holder->lock($name, 0, 10);
            $other = rl_name(':other');
            $t = $a->addLock($other, 10);
            $ok = $ok && $t !== false && $a->releaseLock($other, $t);
            usleep(20000);
            $seen[] = $holder->fencingToken($name);
            $ok = $ok && $holder->unlock($name);
            break;
    }
    if (!$ok) {
        echo "round $i failed\n";
    }
}
var_dump($forms);
var_dump(count($seen));
var_dump(count(array_filter($seen, 'is_int')) === count($seen));
$increasing = true;
for ($i = 1; $i < count($seen); $i++) {
    if ($seen[$i] <= $seen[$i - 1]) {
        $increasing = false;
        echo "not increasing at $i: {$seen[$i - 1]} then {$seen[$i]}\n";
    }
}
var_dump($increasing);
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
int(15)
bool(true)
bool(true)
int(0)
