--TEST--
RedisSemaphore: a waiter whose acquire finds a hand-over record falling due sooner than the holds blocks only until the record is due (when the revocation can run), not a whole wait round
--DESCRIPTION--
Limit 1, held with a 60 s lease. A hand-over record (as a release writes it
beside the semaphore for a waiter that has not popped its wake-up yet) is made
due 700 ms from the server's now. A waiter's first attempt is refused; the
BLPOP it then sends blocks at most until the record is due (its timeout is
read from MONITOR), where before it blocked a whole wait round (2 s): the
permits of a killed waiter were revoked up to 2 s later than the docs say.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = sem_key($name);
$H = '{' . $key . '}:many';
$sem = sem_new();
$t = $sem->acquire($name, 1, 0, 60);
var_dump($t !== false);
$raw->call('ZADD', $H, (string) (ho_redis_ms($raw) + 700), 'no-such-waiter');
$mon = rl_monitor();
$waiter = new RedisSemaphore(rl_dsn());
var_dump($waiter->acquire($name, 1, 3.0, 60));
$seen = rl_monitor_read($mon);
fclose($mon);
$blocks = [];
foreach (explode("\n", $seen) as $line) {
    /* This waiter's own: its wake-up list is named after the semaphore. */
    if (str_contains($line, $name) && preg_match('/"BLPOP" .* "([0-9.]+)"\s*$/', $line, $m)) {
        $blocks[] = (float) $m[1];
    }
}
echo 'the waiter blocked: ', $blocks ? 'yes' : 'no', "\n";
echo 'its first block ends about when the record is due, not a round (2 s) later: ', $blocks && $blocks[0] < 1.0 ? 'yes' : 'no (' . implode(', ', $blocks) . ')', "\n";
var_dump($sem->release($name, $t));
$raw->call('DEL', $H);
?>
--EXPECT--
bool(true)
bool(false)
the waiter blocked: yes
its first block ends about when the record is due, not a round (2 s) later: yes
bool(true)
