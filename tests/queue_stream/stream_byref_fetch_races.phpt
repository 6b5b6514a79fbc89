--TEST--
RedisQueue payloads by reference: a task acked, removed, failed or lapsed to another worker between the read of its entry and of its payload is skipped; a re-run parked meanwhile keeps its own
--DESCRIPTION--
After migrate() an entry refers to a payload larger than 64 KiB (as here), which
reserve() reads in one more round trip. A proxy of the test's own between one worker and the server holds
that round trip (it carries HGET) until the test has done, on the server, what
another process does in that window:
1. ack() of the task: the worker gets nothing (false), never a payload;
2. remove(): the same;
3. fail(): the same, and the dead letter keeps the payload;
4. the reservation lapses and a second worker takes the task: that worker gets
   it with its payload, the first gets nothing, and the task runs once;
5. enqueue(replace: true) of the task with a new payload: the worker gets its
   own run's payload, and the parked run, the new one, runs next with the new
   payload: each version once.
No payload is left once every task ended. Order and state only.
--FILE--
<?php
define('V1', 'v1' . str_repeat('1', 1100000));      // past 64 KiB: by reference
define('V2', 'v2' . str_repeat('2', 1100000));
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue(['read_timeout' => 30]);

/* A proxy between one client and the main server that holds the first write
 * carrying HGET until it reads a line on its stdin, and says "held" first. */
$proxy = rl_php_file('
$server = "tcp://" . rl_env("REDISLOCK_TEST_HOST") . ":" . rl_env("REDISLOCK_TEST_PORT");
$l = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
echo "port ", parse_url("tcp://" . stream_socket_get_name($l, false), PHP_URL_PORT), "\n";
$pairs = [];
$held = false;
$end = microtime(true) + 120;
while (microtime(true) < $end) {
    $r = [$l];
    foreach ($pairs as [$c, $s]) { $r[] = $c; $r[] = $s; }
    $w = $e = null;
    if (stream_select($r, $w, $e, 1) < 1) { continue; }
    foreach ($r as $sock) {
        if ($sock === $l) {
            $c = stream_socket_accept($l);
            $s = stream_socket_client($server);
            $pairs[] = [$c, $s];
            continue;
        }
        foreach ($pairs as $i => [$c, $s]) {
            if ($sock !== $c && $sock !== $s) { continue; }
            $data = fread($sock, 65536);
            if ($data === "" || $data === false) { fclose($c); fclose($s); unset($pairs[$i]); break; }
            if ($sock === $c && !$held && strpos($data, "\r\nHGET\r\n") !== false) {
                $held = true;
                echo "held\n";
                fgets(STDIN);
            }
            fwrite($sock === $c ? $s : $c, $data);
        }
    }
}
');
$cmd = [PHP_BINARY, '-n', $proxy];

function worker_code(int $port, string $name, float $visibility): string
{
    return '
$w = new RedisQueue(["host" => "127.0.0.1", "port" => ' . $port . ', "read_timeout" => 30]);
$t = $w->reserve(' . var_export($name, true) . ', 1, ' . $visibility . ');
echo json_encode($t === false ? false : ["id" => $t["id"], "payload" => $t["payload"] ?? null, "receipt" => $t["receipt"]]), "\n";
';
}

/** Runs a worker through a fresh proxy; $race runs once its payload's read is held. Returns the worker's reserve(). */
function raced(string $name, float $visibility, callable $race): mixed
{
    global $cmd;
    $p = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pp);
    $port = (int) substr((string) rq_read_line($pp[1], 10), 5);
    $w = proc_open(rl_php_command(rl_php_file(worker_code($port, $name, $visibility))), [1 => ['pipe', 'w'], 2 => STDERR], $wp);
    $held = rq_read_line($pp[1], 30);
    if ($held === 'held') {
        $race();
    }
    fwrite($pp[0], "go\n");
    $out = rq_read_line($wp[1], 60);
    proc_close($w);
    proc_terminate($p);
    proc_close($p);
    if ($held !== 'held') {
        return "the payload's read was not held ($held)";
    }
    return json_decode((string) $out, true);
}

function fresh(RedisQueue $q, string $payload): string
{
    $name = rl_name();
    $q->migrate($name);
    $q->enqueue($name, 'a', payload: $payload);
    return $name;
}

function no_payload_left(RawRedis $raw, string $name): bool
{
    return $raw->call('EXISTS', "{Queue:$name}:payloads", "{Queue:$name}:spare") === 0;
}

$name = fresh($q, V1);
$acked = null;
$got = raced($name, 30, function () use ($q, $name, &$acked) { $acked = $q->ack($name, 'a'); });
rq_check($acked === true && $got === false, 'ack() between the read and the payload: the worker gets nothing', [$acked, $got]);
rq_check($q->size($name)['inflight'] === 0 && no_payload_left($raw, $name), 'ack(): nothing in flight, no payload left');

$name = fresh($q, V1);
$removed = null;
$got = raced($name, 30, function () use ($q, $name, &$removed) { $removed = $q->remove($name, 'a'); });
rq_check($removed === true && $got === false, 'remove() between the read and the payload: the worker gets nothing', [$removed, $got]);
rq_check(no_payload_left($raw, $name), 'remove(): no payload left');

$name = fresh($q, V1);
$failed = null;
$got = raced($name, 30, function () use ($q, $name, &$failed) { $failed = $q->fail($name, 'a'); });
$dead = $q->dead($name);
rq_check($failed === true && $got === false, 'fail() between the read and the payload: the worker gets nothing', [$failed, $got]);
rq_check(count($dead) === 1 && $dead[0]['id'] === 'a' && ($dead[0]['payload'] ?? null) === V1, 'fail(): the dead letter keeps its payload', $dead);
$q->purgeDead($name);
rq_check(no_payload_left($raw, $name), 'purgeDead(): no payload left');

$name = fresh($q, V1);
$other = null;
$got = raced($name, 0.5, function () use ($raw, $name, &$other) {
    $deadline = microtime(true) + 30;
    do {
        $pe = $raw->call('XPENDING', "{Queue:$name}:stream", 'rl', '-', '+', '1');
    } while (($pe === [] || $pe[0][2] < 500) && microtime(true) < $deadline && usleep(20000) === null);
    $w2 = rq_queue(['read_timeout' => 30]);
    $other = $w2->reserve($name, 1, 30, 5);
    if ($other !== false) {
        $w2->ack($name, $other['id'], $other['receipt']);
    }
});
rq_check($got === false && is_array($other) && $other['id'] === 'a' && ($other['payload'] ?? null) === V1,
    'a lapse and a second worker between the read and the payload: the second runs it with its payload, the first gets nothing', [$got, $other]);
rq_check($q->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0] && no_payload_left($raw, $name),
    'the lapsed task ran once, no payload left', $q->size($name));

$name = fresh($q, V1);
$got = raced($name, 30, function () use ($q, $name) { $q->enqueue($name, 'a', replace: true, payload: V2); });
rq_check(is_array($got) && $got['id'] === 'a' && $got['payload'] === V1, 'enqueue(replace) between the read and the payload: the worker gets its own run\'s payload', $got);
$none = $q->reserve($name, 1, 30);
rq_check($none === false, 'the parked run does not run during the first');
rq_check(is_array($got) && $q->ack($name, 'a', $got['receipt']), 'the first run acked');
$next = $q->reserve($name, 1, 30);
rq_check(is_array($next) && $next['id'] === 'a' && ($next['payload'] ?? null) === V2, 'the parked run runs next, with the new payload', $next);
rq_check(is_array($next) && $q->ack($name, 'a', $next['receipt']) && $q->reserve($name, 1, 30) === false, 'each version ran once');
rq_check(no_payload_left($raw, $name), 'enqueue(replace): no payload left');
?>
--EXPECT--
ok: ack() between the read and the payload: the worker gets nothing
ok: ack(): nothing in flight, no payload left
ok: remove() between the read and the payload: the worker gets nothing
ok: remove(): no payload left
ok: fail() between the read and the payload: the worker gets nothing
ok: fail(): the dead letter keeps its payload
ok: purgeDead(): no payload left
ok: a lapse and a second worker between the read and the payload: the second runs it with its payload, the first gets nothing
ok: the lapsed task ran once, no payload left
ok: enqueue(replace) between the read and the payload: the worker gets its own run's payload
ok: the parked run does not run during the first
ok: the first run acked
ok: the parked run runs next, with the new payload
ok: each version ran once
ok: enqueue(replace): no payload left
