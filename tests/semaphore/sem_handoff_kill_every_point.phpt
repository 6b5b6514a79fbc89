--TEST--
RedisSemaphore: a waiter killed at any point of a hand-over leaks its permits at most for its alive period before it popped the wake-up, and at most for its lifetime after
--DESCRIPTION--
On a server of the test's own, limit 2, both held; a waiter in another process
asks for both (lifetime 20 s) and is killed:
- blocked: while it blocks, before the release;
- stuck: stopped, its BLPOP ended (CLIENT UNBLOCK ... TIMEOUT), then the
  release, then killed: the 'h' stays unread;
- popped: stopped while it blocks, then the release, then killed: the server
  popped the 'h' to it (or, when its wait round ended just before the release,
  left it unread: either outcome is checked for what it is);
- returned: after it returned holding the permits.
Each time the release hands it the acquisition and records the hand-over, due
within the alive period (2.5 s). Once due (the test sets the record's score in
the past), the next acquire revokes the acquisition whose 'h' is unread (the
permits are free at once, nothing of the waiter left), and keeps one whose 'h'
was popped, which then ends with its own lifetime (20 s from the release); the
record goes either way.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$opts = $server->options();
$blocked = function () use ($raw): ?string {
    $until = microtime(true) + l4_bound(20);
    while (microtime(true) < $until) {
        foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
            if (preg_match('/^id=(\d+) .*flags=\w*b\w* .*cmd=blpop/', $line, $m)) {
                return $m[1];
            }
        }
        usleep(10000);
    }
    return null;
};
foreach (['blocked', 'stuck', 'popped', 'returned'] as $what) {
    $name = rl_name(":$what");
    $key = sem_key($name);
    $P = '{' . $key . '}:w:';
    $H = '{' . $key . '}:many';
    $report = "$name:report";
    $sem = new RedisSemaphore($opts);
    $held = $sem->acquire($name, 2, 0, 30, 2);
    $pid = l4_fork(function () use ($server, $opts, $name, $report) {
        $raw = $server->raw();
        $s = new RedisSemaphore($opts);
        $t = $s->acquire($name, 2, l4_bound(20), 20, 2);
        $raw->call('RPUSH', $report, $t === false ? 'false' : $t);
        sleep(60);
        return 0;
    });
    $client = $blocked();
    $hex = $raw->call('ZRANGE', sem_queue_key($name), '0', '0')[0] ?? '';
    if ($what === 'blocked') {
        l4_signal($pid, 'KILL');
        l4_wait([$pid], l4_bound(10));
    } elseif ($what !== 'returned') {
        l4_signal($pid, 'STOP');
        if ($what === 'stuck') {
            $raw->call('CLIENT', 'UNBLOCK', (string) $client, 'TIMEOUT');
        }
    }
    $t0 = ho_redis_ms($raw);
    $sem->release($name, $held);
    $t1 = ho_redis_ms($raw);
    if ($what === 'returned') {
        $r = $raw->call('BLPOP', $report, '5')[1] ?? 'no report';
        echo "returned: with the handed token: ", sem_yes($r === "2:$hex", [$r, $hex]), "\n";
    }
    if ($what !== 'blocked') {
        l4_signal($pid, 'KILL');
        l4_wait([$pid], l4_bound(10));
    }
    $handed = array_keys(sem_zset($raw, $key)) === ["2:$hex"];
    $due = $raw->call('ZSCORE', $H, $hex);
    $unread = $raw->call('LRANGE', $P . 'w:' . $hex, '0', '-1');
    $popped = $unread === [];
    echo "$what: handed and recorded, due within the alive period: ",
        sem_yes($handed && $due !== null && (int) $due >= $t0 + 2500 && (int) $due <= $t1 + 2500, [sem_zset($raw, $key), $due, $t0, $t1]), "\n";
    if ($what !== 'popped') {
        echo "  its 'h': ", $popped ? 'popped' : json_encode($unread), "\n";
    }
    $raw->call('ZADD', $H, 'XX', '0', $hex);
    $t = $sem->acquire($name, 2, 0, 30, 2);
    $z = sem_zset($raw, $key);
    if ($popped) {
        $ok = $t === false && array_keys($z) === ["2:$hex"] && $z["2:$hex"] >= $t0 + 20000 && $z["2:$hex"] <= $t1 + 20000
            && $sem->count($name) === 2;
        $sem->release($name, "2:$hex");
    } else {
        $ok = is_string($t) && array_keys($z) === [$t] && $sem->count($name) === 2
            && $raw->call('EXISTS', $P . 'a:' . $hex, $P . 'l:' . $hex, $P . 'w:' . $hex) === 0;
        $sem->release($name, (string) $t);
    }
    echo "  when due: ", $what === 'popped' ? "as its 'h' says" : ($popped ? 'kept until its lifetime ends' : 'revoked, the permits free at once'), ': ',
        sem_yes($ok, [$t, $z, $t0, $t1, $popped]), "\n";
    echo '  record gone: ', $raw->call('EXISTS', $H), ', held ', $sem->count($name), ', keys left: ',
        $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name), $P . 'l:' . $hex, $P . 'w:' . $hex), "\n";
}
?>
--EXPECT--
blocked: handed and recorded, due within the alive period: yes
  its 'h': ["h"]
  when due: revoked, the permits free at once: yes
  record gone: 0, held 0, keys left: 0
stuck: handed and recorded, due within the alive period: yes
  its 'h': ["h"]
  when due: revoked, the permits free at once: yes
  record gone: 0, held 0, keys left: 0
popped: handed and recorded, due within the alive period: yes
  when due: as its 'h' says: yes
  record gone: 0, held 0, keys left: 0
returned: with the handed token: yes
returned: handed and recorded, due within the alive period: yes
  its 'h': popped
  when due: kept until its lifetime ends: yes
  record gone: 0, held 0, keys left: 0
