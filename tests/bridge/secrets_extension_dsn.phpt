--TEST--
Secrets, the extension: no form of a password given to a constructor appears in the message, string form or trace of the exception it throws
--DESCRIPTION--
Secrets, the extension: no form of a password in a DSN or an options array given
to new RedisLock(), RedisQueue() or RedisSemaphore() (user:pass@, :pass@, pass@,
with an unencoded '/', '@' or '&', percent-encoded, ?password=) appears in the
message, string form or trace with arguments of the exception a bad DSN or a
refused password throws

The adapters hand the extension the DSN a user typed, or one built from it: the
extension's own messages are the last place a password could show. Each form is
given with a mistake (an unknown option, a bad port, an unencoded character) and,
separately, to a server that refuses it (the first call throws then).
--INI--
zend.exception_ignore_args=0
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';

function secrets_shown(Throwable $e): string
{
    $text = '';
    for ($x = $e; $x !== null; $x = $x->getPrevious()) {
        $text .= get_class($x) . "\n" . $x->getMessage() . "\n" . $x . "\n" . $x->getTraceAsString() . "\n"
            . var_export($x->getTrace(), true) . "\n" . print_r($x->getTrace(), true) . "\n";
    }
    return $text;
}

$hp = rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT');
$auth = rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_AUTH_PORT');
$authHost = rl_env('REDISLOCK_TEST_HOST');
$authPort = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$cases = [
    'user:pass@, unknown option' => ["redis://alice:Zq1a@$hp?bogus=1", ['Zq1a']],
    ':pass@, bad port' => ['redis://:Zq2a@127.0.0.1:99999', ['Zq2a']],
    'pass@, bad db' => ["redis://Zq3a@$hp/notadb", ['Zq3a']],
    "unencoded '/'" => ["redis://alice:Zq4a/Zq4b@$hp", ['Zq4a', 'Zq4b']],
    "unencoded '/' and a path" => ["redis://alice:Zq5a/Zq5b@$hp/0", ['Zq5a', 'Zq5b']],
    "unencoded '@', unknown option" => ["redis://alice:Zq6a@Zq6b@$hp?bogus=1", ['Zq6a', 'Zq6b']],
    '%2F encoded, unknown option' => ["redis://alice:Zq7a%2FZq7b@$hp?bogus=1", ['Zq7a', 'Zq7b']],
    '?password=, unknown option' => ["redis://$hp?password=Zq8a&bogus=1", ['Zq8a']],
    "?password= with an unencoded '&'" => ["redis://$hp?password=Zq9a&Zq9b", ['Zq9a', 'Zq9b']],
    "?password= with an unencoded '/' and '@'" => ["redis://$hp?password=Zq10a/Zq10b@Zq10c&bogus=1", ['Zq10a', 'Zq10b', 'Zq10c']],
    'rediss, unknown option' => ["rediss://alice:Zq11a@$hp?bogus=1", ['Zq11a']],
    'sentinel, unencoded /' => ['sentinel://alice:Zq12a/Zq12b@127.0.0.1:1/svc', ['Zq12a', 'Zq12b']],
    'cluster, unknown option' => ['redis-cluster://alice:Zq13a@127.0.0.1:1?bogus=1', ['Zq13a']],
    'unix, ?password=, unknown option' => ['unix:///nowhere.sock?password=Zq14a&bogus=1', ['Zq14a']],
    'not a DSN' => ['alice:Zq15a@nowhere', ['Zq15a']],
    'array, unknown option' => [['host' => '127.0.0.1', 'password' => 'Zq16a', 'bogus' => 1], ['Zq16a']],
    'array, bad type' => [['host' => '127.0.0.1', 'password' => 'Zq17a', 'port' => 'x'], ['Zq17a']],
    'wrong pass@' => ["redis://Zq18a@$auth", ['Zq18a']],
    'wrong user:pass@' => ["redis://alice:Zq19a/x@$auth", ['Zq19a']],
    'wrong %2F password' => ["redis://alice:Zq20a%2FZq20b@$auth", ['Zq20a', 'Zq20b']],
    'wrong ?password=' => ["redis://$auth?password=Zq21a", ['Zq21a']],
    'wrong array password' => [['host' => $authHost, 'port' => $authPort, 'password' => 'Zq22a'], ['Zq22a']],
];
$uses = [
    'RedisLock' => fn (#[\SensitiveParameter] $c) => (new RedisLock($c))->lock(rl_name()),
    'RedisQueue' => fn (#[\SensitiveParameter] $c) => (new RedisQueue($c))->size(rl_name()),
    'RedisSemaphore' => fn (#[\SensitiveParameter] $c) => (new RedisSemaphore($c))->acquire(rl_name(), 1),
];
foreach ($cases as $what => [$connection, $pieces]) {
    $results = [];
    foreach ($uses as $class => $use) {
        try {
            $use($connection);
            $results[] = "$class: no exception";
            continue;
        } catch (Throwable $e) {
            $shown = secrets_shown($e);
        }
        $leaks = array_values(array_filter($pieces, fn ($p) => str_contains($shown, $p)));
        $results[] = $leaks ? "$class: " . get_class($e) . ' SHOWS ' . implode(', ', $leaks) . "\n" . $shown : "$class: " . get_class($e);
    }
    $ok = !array_filter($results, fn ($r) => str_contains($r, 'SHOWS') || str_contains($r, 'no exception'));
    echo ($ok ? 'ok: ' : 'FAILED: '), $what, ': ', implode('; ', $results), "\n";
}
?>
--EXPECT--
ok: user:pass@, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: :pass@, bad port: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: pass@, bad db: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: unencoded '/': RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: unencoded '/' and a path: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: unencoded '@', unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: %2F encoded, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: ?password=, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: ?password= with an unencoded '&': RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: ?password= with an unencoded '/' and '@': RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: rediss, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: sentinel, unencoded /: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: cluster, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: unix, ?password=, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: not a DSN: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: array, unknown option: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: array, bad type: RedisLock: TypeError; RedisQueue: TypeError; RedisSemaphore: TypeError
ok: wrong pass@: RedisLock: RedisLockServerException; RedisQueue: RedisLockServerException; RedisSemaphore: RedisLockServerException
ok: wrong user:pass@: RedisLock: ValueError; RedisQueue: ValueError; RedisSemaphore: ValueError
ok: wrong %2F password: RedisLock: RedisLockServerException; RedisQueue: RedisLockServerException; RedisSemaphore: RedisLockServerException
ok: wrong ?password=: RedisLock: RedisLockServerException; RedisQueue: RedisLockServerException; RedisSemaphore: RedisLockServerException
ok: wrong array password: RedisLock: RedisLockServerException; RedisQueue: RedisLockServerException; RedisSemaphore: RedisLockServerException
