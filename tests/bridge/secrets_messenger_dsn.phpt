--TEST--
Secrets, Symfony Messenger: no form of a password in a DSN or the transport's options appears in an exception's message, string form or trace
--DESCRIPTION--
Secrets, Symfony Messenger: no form of a password in a redislock DSN or in the
transport's options (user:pass@, :pass@, pass@, with an unencoded '/', '@' or
'&', percent-encoded, ?password=, ?auth=) appears in an exception's message, its
string form or its stack trace with arguments, nor in those of the exceptions
before it

Every form goes through RedisLockTransportFactory::createTransport() (and
supports()) with a mistake that makes it throw: a bad option, a bad value, no
queue, a fragment, another scheme, a password with an unencoded character, or a
server that refuses the password (get() then). zend.exception_ignore_args=0 puts
the arguments of every frame into the traces: each function that receives the
DSN, the options or the extension's connection string marks that parameter
#[\SensitiveParameter]. Each password is made of pieces that are looked for one
by one, so that a tail cut off at a '/', '@' or '&' is caught too.
--INI--
zend.exception_ignore_args=0
--FILE--
<?php
require __DIR__ . '/../jobs/symfony_test.inc';

use RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory;
use Symfony\Component\Messenger\Transport\Serialization\PhpSerializer;

/** Everything an exception chain shows: messages, string forms, traces with their arguments. */
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
$cases = [
    'user:pass@, unknown option' => ["redislock://alice:Zq1a@$hp/q?bogus=1", [], ['Zq1a']],
    ':pass@' => ["redislock://:Zq2a@$hp/q?bogus=1", [], ['Zq2a']],
    'pass@' => ["redislock://Zq3a@$hp/q?bogus=1", [], ['Zq3a']],
    "unencoded '/'" => ["redislock://alice:Zq4a/Zq4b@$hp/q", [], ['Zq4a', 'Zq4b']],
    "unencoded '/' twice" => ["redislock://alice:Zq5a/Zq5b/Zq5c@$hp/q?bogus=1", [], ['Zq5a', 'Zq5b', 'Zq5c']],
    "unencoded '@'" => ["redislock://alice:Zq6a@Zq6b@$hp/q?bogus=1", [], ['Zq6a', 'Zq6b']],
    '%2F encoded' => ["redislock://alice:Zq7a%2FZq7b@$hp/q?bogus=1", [], ['Zq7a', 'Zq7b']],
    '?password=' => ["redislock://$hp/q?password=Zq8a&bogus=1", [], ['Zq8a']],
    "?password= with an unencoded '&'" => ["redislock://$hp/q?password=Zq9a&Zq9b&bogus=1", [], ['Zq9a', 'Zq9b']],
    "?password= with an unencoded '@'" => ["redislock://$hp/q?password=Zq10a@Zq10b&bogus=1", [], ['Zq10a', 'Zq10b']],
    '?auth= (no such option)' => ["redislock://$hp/q?auth=Zq11a", [], ['Zq11a']],
    'another scheme' => ["redis://alice:Zq12a/Zq12b@$hp/q", [], ['Zq12a', 'Zq12b']],
    'no queue' => ["redislock://alice:Zq13a@$hp", [], ['Zq13a']],
    'a fragment' => ["redislock://alice:Zq14a@$hp/q#x", [], ['Zq14a']],
    'bad visibility' => ["redislock://alice:Zq15a@$hp/q?visibility=abc", [], ['Zq15a']],
    'bad dead flag' => ["redislock://alice:Zq16a@$hp/q?dead=maybe", [], ['Zq16a']],
    'bad list_limit' => ["redislock://alice:Zq17a@$hp/q?list_limit=x", [], ['Zq17a']],
    'bad port' => ['redislock://alice:Zq18a@127.0.0.1:99999/q', [], ['Zq18a']],
    'options: password' => ["redislock://$hp/q", ['password' => 'Zq19a', 'bogus' => 1], ['Zq19a']],
    'options: password, bad value' => ["redislock://$hp/q", ['password' => 'Zq20a', 'visibility' => 'abc'], ['Zq20a']],
    'dead-letter mode' => ["redislock://alice:Zq21a@$hp/q?dead=1&bogus=1", [], ['Zq21a']],
    'sentinel, unencoded /' => ['redislock+sentinel://alice:Zq22a/Zq22b@127.0.0.1:1/svc?queue=q', [], ['Zq22a', 'Zq22b']],
    'cluster' => ['redislock+cluster://alice:Zq23a@127.0.0.1:1/q?bogus=1', [], ['Zq23a']],
    'unix, ?password=' => ['redislock+unix:///nowhere.sock?queue=q&password=Zq24a&bogus=1', [], ['Zq24a']],
    'tls' => ["redislock+tls://alice:Zq25a@$hp/q?bogus=1", [], ['Zq25a']],
    'wrong password, get()' => ["redislock://Zq26a@$auth/q?wait=0", [], ['Zq26a']],
    'wrong user:password, dead-letter get()' => ["redislock://alice:Zq27a@$auth/q?dead=1", [], ['Zq27a']],
    'wrong ?password=, get()' => ["redislock://$auth/q?wait=0&password=Zq28a", [], ['Zq28a']],
];
$factory = new RedisLockTransportFactory();
foreach ($cases as $what => [$dsn, $options, $pieces]) {
    $factory->supports($dsn, $options);
    try {
        $transport = $factory->createTransport($dsn, $options + ['transport_name' => 'async'], new PhpSerializer());
        [...$transport->get()];
        echo "FAILED: $what: no exception\n";
        continue;
    } catch (Throwable $e) {
        $shown = secrets_shown($e);
    }
    $leaks = array_values(array_filter($pieces, fn ($p) => str_contains($shown, $p) || str_contains($shown, rawurlencode($p))));
    echo $leaks ? "FAILED: $what: " . get_class($e) . ' shows ' . implode(', ', $leaks) . "\n" . $shown . "\n" : "ok: $what: " . get_class($e) . "\n";
}
?>
--EXPECT--
ok: user:pass@, unknown option: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: :pass@: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: pass@: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: unencoded '/': Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: unencoded '/' twice: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: unencoded '@': Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: %2F encoded: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: ?password=: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: ?password= with an unencoded '&': Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: ?password= with an unencoded '@': Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: ?auth= (no such option): Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: another scheme: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: no queue: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: a fragment: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: bad visibility: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: bad dead flag: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: bad list_limit: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: bad port: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: options: password: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: options: password, bad value: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: dead-letter mode: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: sentinel, unencoded /: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: cluster: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: unix, ?password=: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: tls: Symfony\Component\Messenger\Exception\InvalidArgumentException
ok: wrong password, get(): Symfony\Component\Messenger\Exception\TransportException
ok: wrong user:password, dead-letter get(): Symfony\Component\Messenger\Exception\TransportException
ok: wrong ?password=, get(): Symfony\Component\Messenger\Exception\TransportException
