--TEST--
Watchdog: with auto_release => false, destroying the object leaves its lock and permit in Redis but renews them no more: their time left only shrinks, and they lapse within the lease (0.4 s)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$lease = 0.4;
$name = rl_name();
$sname = rl_name();
$lock = new RedisLock(wd_options($lease, ['auto_release' => false]));
$sem = new RedisSemaphore(wd_options($lease, ['auto_release' => false]));
var_dump($lock->lock($name, 0, 60));
$permit = $sem->acquire($sname, 1, 0, 60);
usleep(600000);   // renewed past the first lease
$token = $raw->call('GET', l4_key($name));
unset($lock, $sem);
$destroyed = microtime(true);
echo json_encode(wd_info()), "\n";
$held = [[l4_key($name), $token], ['Semaphore:' . $sname, $permit]];
foreach ($held as [$key, $member]) {
    $left = wd_left($raw, $key, $member);
    echo 'still there: ', wd_ok($left !== null && $left > 0, $left), "\n";
}
/* From now on the time left only goes down, until it is gone. */
$last = [PHP_INT_MAX, PHP_INT_MAX];
$rose = [];
$gone = [null, null];
while (microtime(true) - $destroyed < 2 && in_array(null, $gone, true)) {
    foreach ($held as $i => [$key, $member]) {
        if ($gone[$i] !== null) {
            continue;
        }
        $left = wd_left($raw, $key, $member);
        if ($left === null || $left <= 0) {
            $gone[$i] = microtime(true) - $destroyed;
        } elseif ($left > $last[$i] + 5) {
            $rose[] = "$key: $last[$i] -> $left";
        } else {
            $last[$i] = $left;
        }
    }
    usleep(5000);
}
echo $rose ? implode("\n", $rose) . "\n" : "never renewed again\n";
foreach ($gone as $g) {
    echo 'lapsed within the lease: ', wd_ok($g !== null && $g <= $lease + 0.1, $g), "\n";
}
?>
--EXPECT--
bool(true)
{"thread":"running","holds":"0"}
still there: ok
still there: ok
never renewed again
lapsed within the lease: ok
lapsed within the lease: ok
