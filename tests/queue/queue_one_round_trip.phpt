--TEST--
RedisQueue: enqueue() of 250 ids (a page) is one command on the server: exactly one EVALSHA, no EVAL, nothing else outside the script; 501 ids are three
--DESCRIPTION--
One queue script works on at most 250 members (REDISLOCK_QUEUE_PAGE): a list of up
to 250 ids is one script, a longer one a script per page of 250.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();

// Warm up: connect, and let a NOSCRIPT fallback (EVAL) happen now if it must.
$q->enqueue($name, ['warm-up', 'warm-up-2']);   // a list: one id alone takes enqueue_one
$q->clear($name);

/* MONITOR, not INFO commandstats: the server is shared with the tests running beside
 * this one, so only this test's connection is counted (every command it sent; what
 * the script runs inside is no round trip). */
$monitor = rl_monitor();
rq_monitor_take($monitor);
foreach ([
    'strings' => array_map(fn($i) => "id-$i", range(1, 250)),
    'ints' => range(1, 250),
    'replace' => array_map(fn($i) => "id-$i", range(1, 250)),
    'pages' => array_map(fn($i) => "page-$i", range(1, 501)),
] as $label => $ids) {
    var_dump($q->enqueue($name, $ids, 10, 0, $label === 'replace'));
    $sent = array_values(array_filter(rq_own_commands(rq_monitor_take($monitor), $name), fn ($c) => $c['from'] === 'client'));
    echo "$label: evalsha ", rq_count_commands($sent, 'evalsha'), ", eval ", rq_count_commands($sent, 'eval'), "\n";
    $outside = array_values(array_filter(array_column($sent, 'cmd'), fn ($c) => $c !== 'evalsha'));
    rq_check($outside === [], "$label: no command outside the script", $outside);
}
fclose($monitor);
var_dump($raw->call('ZCARD', 'Queue:' . $name));
?>
--EXPECT--
bool(true)
strings: evalsha 1, eval 0
ok: strings: no command outside the script
bool(true)
ints: evalsha 1, eval 0
ok: ints: no command outside the script
bool(true)
replace: evalsha 1, eval 0
ok: replace: no command outside the script
bool(true)
pages: evalsha 3, eval 0
ok: pages: no command outside the script
int(1001)
