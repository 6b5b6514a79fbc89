--TEST--
Symfony Messenger transport: every DSN form reaches its server, and options given as an array override the query
--DESCRIPTION--
Symfony Messenger transport: every DSN form reaches its server (host:port with
the queue in the path, a password or an ACL user, redislock+tls:// with client
certificates, redislock+unix:// with ?queue=, redislock+sentinel://,
redislock+cluster://, ?db= and ?prefix=), and transport options given as an
array override the query
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
require_once __DIR__ . '/../harness/topology_test.inc';

use RedisLock\Bridge\Symfony\Messenger\RedisLockTransportFactory;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Transport\Serialization\PhpSerializer;

$host = rl_env('REDISLOCK_TEST_HOST');
$auth = rl_env('REDISLOCK_TEST_AUTH_PORT');
$tls = rl_env('REDISLOCK_TEST_TLS_DIR');
$name = rl_name();
$factory = new RedisLockTransportFactory();
$roundTripOnce = function (string $dsn, array $options = []) use ($factory): bool {
    $transport = $factory->createTransport($dsn, $options + ['transport_name' => 'async'], new PhpSerializer());
    $transport->send(new Envelope(new SmMessage($dsn)));
    $got = [...$transport->get()];
    if (count($got) !== 1 || $got[0]->getMessage()->body !== $dsn) {
        return false;
    }
    $transport->ack($got[0]);
    return $transport->getMessageCount() === 0 && [...$transport->get()] === [];
};
$roundTrip = function (string $dsn, array $options = []) use ($roundTripOnce): bool|string {
    try {
        return $roundTripOnce($dsn, $options);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
};
$forms = [
    'host:port/queue' => sm_dsn($name, 'wait=0'),
    'password in the DSN' => "redislock://:secret@$host:$auth/$name?wait=0",
    'ACL user in the DSN' => "redislock://alice:wonderland@$host:$auth/$name?wait=0",
    'password in the query' => "redislock://$host:$auth/$name?password=secret&wait=0",
    'TLS with a client certificate' => 'redislock+tls://127.0.0.1:' . rl_env('REDISLOCK_TEST_TLS_PORT') . '/' . $name
        . "?cafile=$tls/ca.crt&local_cert=$tls/client.crt&local_pk=$tls/client.key&wait=0",
    'unix socket' => 'redislock+unix://' . rl_env('REDISLOCK_TEST_SOCKET') . "?queue=$name&wait=0",
    'sentinel' => 'redislock+sentinel://' . implode(',', topo_sentinels()) . '/' . topo_sentinel_service() . "?queue=$name&wait=0",
    'cluster' => 'redislock+cluster://' . implode(',', topo_cluster_seeds()) . "/$name?wait=0",
];
/* The first tests of a run may come before the sentinels answer for their master. */
topo_until(fn () => topo_sentinel_master() !== null, 30.0);
foreach ($forms as $what => $dsn) {
    /* Timeouts no healthy run comes near: the defaults (1 s to connect) are not what
     * is tested here, and a TLS handshake or a Sentinel's answer takes longer on a
     * loaded machine. */
    $result = $roundTrip($dsn . '&connect_timeout=10&read_timeout=10');
    rq_check($result === true, "$what: send, get, ack", $result);
}

// db and prefix reach the connection: the task is where they say.
$raw = new RawRedis();
$transport = sm_transport($name, 'db=3&prefix=Jobs:&wait=0');
$transport->send(new Envelope(new SmMessage('db 3')));
$raw->call('SELECT', '3');
rq_check($raw->call('ZCARD', "Jobs:$name") === 1, '?db=3&prefix=Jobs: puts the queue in database 3 under Jobs:');
rq_check(count([...$transport->get()]) === 1, 'and the transport reads it there');
$raw->call('SELECT', '0');
rq_check($raw->call('EXISTS', "Jobs:$name", "Queue:$name") === 0, 'not in database 0');

// Options as an array (messenger.yaml's options:) win over the query.
$other = rl_name();
$transport = sm_transport($name, 'wait=0&queue=ignored', ['queue' => $other, 'visibility' => 0.2, 'wait' => 0, 'watchdog' => false]);
$transport->send(new Envelope(new SmMessage('array options')));
rq_check(rq_queue()->size($other)['due'] === 1 && rq_queue()->size('ignored')['due'] === 0, 'the "queue" option names the queue');
[$first] = [...$transport->get()];
usleep(400000);
$again = [...(sm_transport($other, 'wait=0'))->get()];
rq_check(count($again) === 1, 'with the option watchdog => false, a reservation of visibility 0.2 s lapses and the message is delivered again');
?>
--EXPECT--
ok: host:port/queue: send, get, ack
ok: password in the DSN: send, get, ack
ok: ACL user in the DSN: send, get, ack
ok: password in the query: send, get, ack
ok: TLS with a client certificate: send, get, ack
ok: unix socket: send, get, ack
ok: sentinel: send, get, ack
ok: cluster: send, get, ack
ok: ?db=3&prefix=Jobs: puts the queue in database 3 under Jobs:
ok: and the transport reads it there
ok: not in database 0
ok: the "queue" option names the queue
ok: with the option watchdog => false, a reservation of visibility 0.2 s lapses and the message is delivered again
