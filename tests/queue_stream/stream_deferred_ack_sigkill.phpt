--TEST--
RedisQueue stream layout: a worker SIGKILLed inside the deferred-ack window (its ack not yet sent) costs one more run after the visibility: the job is never lost
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'done-job', payload: 'body');
[$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
    . '$t = $q->reserve(' . var_export($name, true) . ', 1, 0.5);'
    . 'echo $t["id"], " ", var_export($q->ack(' . var_export($name, true) . ', $t["id"], $t["receipt"], true), true), "\n";'
    . 'sleep(30);');
echo rq_read_line($out, 5), "\n";
$killedAt = microtime(true);
var_dump(rq_kill($proc, $out));
$t = $q->reserve($name, 1, 0.5, 3);
$since = microtime(true) - $killedAt;
var_dump($t['id'], $t['payload'], $t['attempts']);
rq_check($since >= 0.4, 'runs again only after the visibility', $since);
var_dump($q->ack($name, 'done-job', $t['receipt']));
var_dump($q->reserve($name, 1, 0.5, 0.8));
?>
--EXPECT--
done-job true
bool(true)
string(8) "done-job"
string(4) "body"
int(2)
ok: runs again only after the visibility
bool(true)
bool(false)
