--TEST--
RedisSemaphore::acquire(): a waiter timing out as a release hands it permits owns them or gives them back, never leaks or doubles them
--DESCRIPTION--
On a server of the test's own, limit 2, both held; a waiter in another process
asks for both with a 3 s timeout and blocks. It is stopped, and then:
- popped: the release hands it the permits and wakes it while it is stopped
  (the wake-up is sent to it, unread; or, when its wait round ended between
  the stop and the release, left in its list, as when unblocked: the test takes
  either, and the waiter's outcome is the same); it resumes past its timeout;
- unblocked: its BLPOP has just timed out (CLIENT UNBLOCK ... TIMEOUT), unread,
  when the release hands it the permits; the wake-up stays in its list; it
  resumes past its timeout and makes its last attempt;
- killed: its connection was dropped (the reply lost) when the release hands it
  the permits; it resumes to a connection error.
Each time the release wrote the waiter's acquisition (one member of 2). The
waiter then either returns that token and holds it (one member, count() 2) and
releases it, or fails and its next call gives it back (count() 0); nothing of
it is left on the server afterwards.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$opts = $server->options();
foreach (['popped', 'unblocked', 'killed'] as $what) {
    $name = rl_name(":$what");
    $key = sem_key($name);
    $P = '{' . $key . '}:w:';
    $report = "$name:report";
    $sem = new RedisSemaphore($opts);
    $held = $sem->acquire($name, 2, 0, 30, 2);
    $pid = l4_fork(function () use ($server, $opts, $name, $report) {
        $raw = $server->raw();
        $s = new RedisSemaphore($opts);
        $t = false;
        try {
            $t = $s->acquire($name, 2, 3.0, 20, 2);
            $r = $t === false ? 'false' : 'token ' . $t . ' holds ' . var_export($s->holds($name, $t), true);
        } catch (Throwable $e) {
            $r = get_class($e);
        }
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
    if ($what === 'unblocked') {
        $raw->call('CLIENT', 'UNBLOCK', (string) $blocked, 'TIMEOUT');
    } elseif ($what === 'killed') {
        $raw->call('CLIENT', 'KILL', 'ID', (string) $blocked);
    }
    $sem->release($name, $held);
    $left = $raw->call('LLEN', $P . 'w:' . $hex);
    echo "$what: handed: ", sem_yes(array_keys(sem_zset($raw, $key)) === ["2:$hex"], sem_zset($raw, $key)),
        $what === 'popped' ? ', wake-up popped (or left, its round just ended): ' . sem_yes($left === 0 || $left === 1) : ', wake-up left in its list: ' . $left, "\n";
    /* Past its 3 s timeout before it runs again. */
    usleep(3200000);
    l4_signal($pid, 'CONT');
    $r = $raw->call('BLPOP', $report, '5')[1] ?? 'no report';
    echo "  it: ", str_replace("2:$hex", 'that token', $r), "\n";
    echo '  exit ', implode(',', l4_wait([$pid], l4_bound(10))), ', held ', $sem->count($name), ', keys left: ',
        $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name), '{' . $key . '}:many', $P . 'a:' . $hex, $P . 'l:' . $hex, $P . 'w:' . $hex), "\n";
}
?>
--EXPECT--
popped: handed: yes, wake-up popped (or left, its round just ended): yes
  it: token that token holds true | members 1 count 2
  exit 0, held 0, keys left: 0
unblocked: handed: yes, wake-up left in its list: 1
  it: token that token holds true | members 1 count 2
  exit 0, held 0, keys left: 0
killed: handed: yes, wake-up left in its list: 1
  it: RedisLockConnectionException | members 1 count 0
  exit 0, held 0, keys left: 0
