--TEST--
RedisQueue: a poison task whose worker is SIGKILLed max_attempts times ends in the dead letters and nowhere else
--DESCRIPTION--
RedisQueue: with max_attempts 3, a poison task whose worker process is SIGKILLed
3 times (attempts 1, 2, 3) ends in the dead letters and nowhere else (not
queued, not in flight); dead() shows it with attempts 3 and the server time it
died
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$dsn = rl_dsn() . '?max_attempts=3';
$q = new RedisQueue($dsn);
$q->enqueue($name, 'poison');
for ($i = 1; $i <= 3; $i++) {
    /* Each worker waits up to 2 s for the task, which comes back when the last one's 0.3 s run out. */
    [$proc, $out, $entry] = rq_reserve_in_child($dsn, $name, '1, 0.3, 2');
    echo "worker $i: ", $entry ? $entry['id'] . ', attempts ' . $entry['attempts'] : json_encode($entry), "\n";
    $killed = rq_kill($proc, $out);
    echo "worker $i killed: ", $killed ? 'yes' : 'no', "\n";
}
$t0 = rq_server_time($raw);
usleep(400000);
/* The next reserve() settles the expired reservation: dead, not handed out. */
var_dump($q->reserve($name, 1, 30, 0.2));
$t1 = rq_server_time($raw);
var_dump(rq_where($raw, $name, 'poison'));
var_dump($q->size($name));
$dead = $q->dead($name);
var_dump(count($dead), $dead[0]['id'], $dead[0]['attempts'], is_float($dead[0]['time']));
rq_check($dead[0]['time'] >= $t0 && $dead[0]['time'] <= $t1, 'died after the last kill, by the server\'s clock', [$t0, $dead[0]['time'], $t1]);
var_dump($q->pop($name), $q->top($name));
?>
--EXPECT--
worker 1: poison, attempts 1
worker 1 killed: yes
worker 2: poison, attempts 2
worker 2 killed: yes
worker 3: poison, attempts 3
worker 3 killed: yes
bool(false)
array(1) {
  [0]=>
  string(4) "dead"
}
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(1)
}
int(1)
string(6) "poison"
int(3)
bool(true)
ok: died after the last kill, by the server's clock
bool(false)
bool(false)
