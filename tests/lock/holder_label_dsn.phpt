--TEST--
The holder option in a DSN: a label with '@', '%XX', '+', ':' and '/' reaches held_by decoded as every DSN value is, for locks and semaphores, with and without a database and other options
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$cases = ['svc@web' => 'svc@web', 'a%40b' => 'a@b', 'a%00b' => "a\0b", 'host%3A12' => 'host:12', 'x:y' => 'x:y', 'a/b' => 'a/b',
    'a%7Bb%7D' => 'a{b}', '%25' => '%', 'caf%C3%A9' => 'café'];
foreach ($cases as $raw => $label) {
    foreach (['', '/0'] as $db) {
        $dsn = rl_dsn() . "$db?holder=$raw&read_timeout=5";
        $n = rl_name();
        try {
            $lock = new RedisLock($dsn);
            $sem = new RedisSemaphore($dsn);
            $lock->lock($n, 0, 30);
            $p = $sem->acquire($n, 1, 0, 30);
            $got = [$lock->inspect($n)['held_by'], $sem->inspect($n)['held_by']];
            $lock->unlock($n);
            $sem->release($n, $p);
            echo $got === [[$label], [$label]] ? "ok $raw$db\n" : "wrong $raw$db: " . json_encode($got) . "\n";
        } catch (Throwable $e) {
            echo "$raw$db: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
?>
--EXPECT--
ok svc@web
ok svc@web/0
ok a%40b
ok a%40b/0
ok a%00b
ok a%00b/0
ok host%3A12
ok host%3A12/0
ok x:y
ok x:y/0
ok a/b
ok a/b/0
ok a%7Bb%7D
ok a%7Bb%7D/0
ok %25
ok %25/0
ok caf%C3%A9
ok caf%C3%A9/0
