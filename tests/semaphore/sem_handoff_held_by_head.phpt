--TEST--
RedisSemaphore::release(): the freed permits go to the head waiter, held on the server under its token with its own lifetime; it returns on the wake alone
--DESCRIPTION--
Limit 3, all 3 held. Waiter A asks for 2 (lifetime 20 s), then B for 2. A is
stopped while it blocks, and the holder releases: before A runs again, the
semaphore holds A's acquisition (its token, its deadline 20 s from the release),
the hand-over is recorded, A's lifetime is gone (its alive mark is left to
lapse) and A is out of the queue; B stays queued (2 + 2 > 3) with its marks. A,
resumed, returns that token. When the server popped the wake-up to A while it
was stopped, the next command its connection sends after the wake is its
caller's next call; when A's wait round had ended just before the release (the
wake-up then stays in its list), it is one acquire script, which finds the
acquisition, and then its caller's next call: each outcome is checked for what
it is. A's release hands B its 2 in turn. Never held twice: one member per
acquisition, count() exact.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = sem_key($name);
$P = '{' . $key . '}:w:';
$report = "$name:report";
$sem = sem_new();
/* The scripts known to the server before MONITOR looks. */
$warm = rl_name(':warm');
$w = $sem->acquire($warm, 1, 0, 5);
$sem->acquire($warm, 1, 0.05);
$sem->release($warm, $w);
$held = $sem->acquire($name, 3, 0, 30, 3);
$waiter = fn (string $tag) => l4_fork(function () use ($name, $report, $tag) {
    $raw = new RawRedis();
    $s = sem_new();
    $s->count($name);
    $t = $s->acquire($name, 3, l4_bound(20), 20, 2);
    $raw->call('RPUSH', $report, "$tag " . ($t === false ? 'false' : $t));
    $s->count("$name:after");
    l4_until(fn () => $raw->call('LLEN', "$name:go:$tag") > 0, l4_bound(20));
    return $t !== false && $s->release($name, $t) ? 0 : 11;
});
$monitor = rl_monitor();
$a = $waiter('a');
var_dump(sem_until_queued($raw, $name, 1, 10));
$b = $waiter('b');
var_dump(sem_until_queued($raw, $name, 2, 10));
usleep(100000);
l4_signal($a, 'STOP');
$t0 = ho_redis_ms($raw);
var_dump($sem->release($name, $held));
$t1 = ho_redis_ms($raw);
$z = sem_zset($raw, $key);
$member = (string) array_key_first($z);
$hexA = substr($member, 2);
echo 'one acquisition, of 2: ', sem_yes(count($z) === 1 && str_starts_with($member, '2:'), $z), "\n";
echo 'its deadline is its own 20 s: ', sem_yes($z[$member] >= $t0 + 20000 && $z[$member] <= $t1 + 20000, [$z, $t0]), "\n";
echo 'held: ', $sem->count($name), "\n";
$popped = $raw->call('LLEN', $P . 'w:' . $hexA) === 0;
echo "A's lifetime gone: ", $raw->call('EXISTS', $P . 'l:' . $hexA), ', the hand-over recorded: ', sem_yes($raw->call('ZSCORE', '{' . $key . '}:many', $hexA) !== null), "\n";
$queue = $raw->call('ZRANGE', sem_queue_key($name), '0', '-1');
echo 'queued: ', count($queue), ', A not among them: ', sem_yes(!in_array($hexA, $queue, true)), "\n";
$hexB = $queue[0] ?? '';
echo "B's lifetime kept beside its alive mark: ", $raw->call('GET', $P . 'l:' . $hexB), ' ', $raw->call('GET', $P . 'a:' . $hexB), "\n";
l4_signal($a, 'CONT');
[$tag, $tokenA] = explode(' ', $raw->call('BLPOP', $report, '5')[1] ?? ' ', 2) + [1 => ''];
echo "A returned that token: ", sem_yes($tag === 'a' && $tokenA === $member, [$tag, $tokenA, $member]), "\n";
echo 'still one acquisition: ', count(sem_zset($raw, $key)), ', held ', $sem->count($name), "\n";
$raw->call('RPUSH', "$name:go:a", '1');
[$tag, $tokenB] = explode(' ', $raw->call('BLPOP', $report, '5')[1] ?? ' ', 2) + [1 => ''];
echo 'B then: ', $tag, ' ', sem_yes(preg_match(SEM_TOKEN_RE, $tokenB) === 1 && sem_permits($tokenB) === 2, $tokenB), "\n";
$raw->call('RPUSH', "$name:go:b", '1');
echo implode(',', l4_wait([$a, $b], l4_bound(20))), "\n";
$seen = rl_monitor_read($monitor);
fclose($monitor);

/* A's connection: the one that blocked on A's wake-up list. */
$all = ho_client_commands($seen);
$client = null;
foreach ($all as $c) {
    if ($c['args'][0] === 'BLPOP' && $c['args'][1] === $P . 'w:' . $hexA) {
        $client = $c['client'];
    }
}
$mine = array_values(array_filter($all, fn ($c) => $c['client'] === $client));
$last = null;
foreach ($mine as $i => $c) {
    if ($c['args'][0] === 'BLPOP') {
        $last = $i;
    }
}
$next = $last === null ? null : ($mine[$last + 1] ?? null);
$then = $last === null ? null : ($mine[$last + 2] ?? null);
$after = fn ($c) => $c !== null && in_array(sem_key("$name:after"), $c['args'], true);
echo "after the wake, A's next command is its caller's next call (or, its wake-up unread, one acquire script first): ",
    sem_yes($popped ? $after($next) : $next !== null && in_array($hexA, $next['args'], true) && $after($then), [$popped, $next, $then]), "\n";
echo 'held at the end: ', $sem->count($name), ', keys left: ',
    $raw->call('EXISTS', $key, '{' . $key . '}:units', sem_queue_key($name), $P . 'w:' . $hexA, '{' . $key . '}:many', $P . 'l:' . $hexB, $P . 'w:' . $hexB), "\n";
$raw->call('DEL', $report, "$name:go:a", "$name:go:b");
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
one acquisition, of 2: yes
its deadline is its own 20 s: yes
held: 2
A's lifetime gone: 0, the hand-over recorded: yes
queued: 1, A not among them: yes
B's lifetime kept beside its alive mark: 20000 02:3
A returned that token: yes
still one acquisition: 1, held 2
B then: b yes
0,0
after the wake, A's next command is its caller's next call (or, its wake-up unread, one acquire script first): yes
held at the end: 0, keys left: 0
