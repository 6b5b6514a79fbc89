--TEST--
RedisSemaphore: a waiter stopped past its alive period while permits were handed to it finds them revoked; it then acquires normally or times out, never returning a revoked acquisition
--DESCRIPTION--
On a server of the test's own, limit 2, both held; a waiter in another process
asks for both and blocks. It is stopped, its BLPOP ends (CLIENT UNBLOCK ...
TIMEOUT: the wake-up it would read stays in its list), and the release hands it
the acquisition. The hand-over is then due (the test sets the record's score in
the past, as if the alive period had passed), and the test's own acquire
revokes it and takes both permits. The waiter is continued:
- acquires (timeout 20 s): it queues again, and once the test releases, it
  returns holding a live acquisition (holds(), one member, count() 2);
- times out (timeout 3 s, continued past it): it returns false, and holds
  nothing.
Either way, nothing of it is left afterwards.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$opts = $server->options();
foreach (['acquires' => 20.0, 'times out' => 3.0] as $what => $timeout) {
    $name = rl_name(':' . strtr($what, ' ', '-'));
    $key = sem_key($name);
    $P = '{' . $key . '}:w:';
    $H = '{' . $key . '}:many';
    $report = "$name:report";
    $sem = new RedisSemaphore($opts);
    $held = $sem->acquire($name, 2, 0, 30, 2);
    $pid = l4_fork(function () use ($server, $opts, $name, $report, $timeout) {
        $raw = $server->raw();
        $s = new RedisSemaphore($opts);
        $t = $s->acquire($name, 2, $timeout, 20, 2);
        $r = $t === false ? 'false' : 'token ' . $t . ' holds ' . var_export($s->holds($name, $t), true);
        $r .= ' | members ' . $raw->call('ZCARD', sem_key($name)) . ' count ' . $s->count($name);
        $raw->call('RPUSH', $report, $r);
        return $t === false || $s->release($name, $t) ? 0 : 11;
    });
    $blocked = null;
    $until = microtime(true) + l4_bound(20);
    while ($blocked === null && microtime(true) < $until) {
        foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
            if (preg_match('/^id=(\d+) .*flags=\w*b\w* .*cmd=blpop/', $line, $m)) {
                $blocked = $m[1];
            }
        }
        usleep(10000);
    }
    l4_signal($pid, 'STOP');
    $hex = $raw->call('ZRANGE', sem_queue_key($name), '0', '0')[0] ?? '';
    $raw->call('CLIENT', 'UNBLOCK', (string) $blocked, 'TIMEOUT');
    $sem->release($name, $held);
    echo "$what: handed: ", sem_yes(array_keys(sem_zset($raw, $key)) === ["2:$hex"], sem_zset($raw, $key)),
        ", its 'h' unread: ", json_encode($raw->call('LRANGE', $P . 'w:' . $hex, '0', '-1')), "\n";
    $raw->call('ZADD', $H, 'XX', '0', $hex);
    $mine = $sem->acquire($name, 2, 0, 30, 2);
    echo '  revoked: the next caller holds both: ', sem_yes(is_string($mine) && array_keys(sem_zset($raw, $key)) === [$mine], [$mine, sem_zset($raw, $key)]),
        ', its keys: ', $raw->call('EXISTS', $P . 'a:' . $hex, $P . 'l:' . $hex, $P . 'w:' . $hex, $H), "\n";
    if ($what === 'times out') {
        /* Past its timeout before it runs again. */
        usleep(3200000);
    }
    l4_signal($pid, 'CONT');
    if ($what === 'acquires') {
        echo '  it queues again: ', var_export(sem_until_queued($raw, $name, 1, l4_bound(10)), true), "\n";
        $sem->release($name, $mine);
    }
    $r = $raw->call('BLPOP', $report, '10')[1] ?? 'no report';
    echo "  it: ", str_replace("2:$hex", 'its token', $r), "\n";
    if ($what === 'times out') {
        $sem->release($name, $mine);
    }
    echo '  exit ', implode(',', l4_wait([$pid], l4_bound(10))), ', held ', $sem->count($name), ', keys left: ',
        $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name), $H, $P . 'l:' . $hex, $P . 'w:' . $hex), "\n";
}
?>
--EXPECT--
acquires: handed: yes, its 'h' unread: ["h"]
  revoked: the next caller holds both: yes, its keys: 0
  it queues again: true
  it: token its token holds true | members 1 count 2
  exit 0, held 0, keys left: 0
times out: handed: yes, its 'h' unread: ["h"]
  revoked: the next caller holds both: yes, its keys: 0
  it: false | members 1 count 2
  exit 0, held 0, keys left: 0
